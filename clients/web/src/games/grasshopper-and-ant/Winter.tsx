// Winter's side of the table: the market with its prices and the ways to pay that the server lists, the
// powers in play, and each player's victory points, provisions and supply of path cards.
import { useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { type Acting, CardChip, TypeChip } from "./common";
import {
  cardNames,
  insectName,
  list,
  powerEffect,
  powerName,
  provisionName,
  provisionPrice,
  RULES,
  record,
  strings,
} from "./words";

type View = ViewOf<"grasshopper-and-ant">;
const SHOWN_WAYS = 4;

export function Winter(props: Acting & { view: View; names: string[]; seat: number | undefined }) {
  const { view, names, seat } = props;
  return (
    <>
      <Market {...props} />
      {view.powers === true && <Powers view={view} names={names} />}
      <Supplies view={view} names={names} seat={seat} />
    </>
  );
}

function Powers({ view, names }: { view: View; names: string[] }) {
  const text = useGameText(RULES);
  return (
    <section className="ga-powers" aria-labelledby="ga-powers-title">
      <h3 id="ga-powers-title">{text("powers.title")}</h3>
      <ul>
        {list(view.power_cards)
          .map(record)
          .filter((p) => p.holder !== "box")
          .map((p) => (
            <li key={String(p.power)}>
              <strong>{powerName(p.power, text)}</strong>{" "}
              {text("powers.line", {
                insect: insectName(p.insect, text),
                effect: powerEffect(p.power, text),
                holder:
                  p.holder === "centre"
                    ? text("powers.centre")
                    : text("powers.held", { name: names[Number(p.holder)] ?? "" }),
              })}
            </li>
          ))}
      </ul>
    </section>
  );
}

function Market({ view, legal, busy, send }: Acting & { view: View }) {
  const text = useGameText(RULES);
  const buys = legal.filter((c) => c.commandType === "buy");
  return (
    <section className="ga-market" aria-labelledby="ga-market-title">
      <h3 id="ga-market-title">
        {text("market.title")}{" "}
        <span className="muted">
          {text("market.deck", { count: Number(view.provision_deck_count ?? 0) })}
        </span>
      </h3>
      <div className="ga-provisions">
        {strings(view.market).map((p, i) => {
          const ways = buys.filter((b) => b.args.provision === p);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: two copies of a kind read alike
            <div key={i} className="ga-provision">
              <strong>{provisionName(p, text)}</strong>
              <div>
                {text("market.price")}{" "}
                {provisionPrice(p).map((t, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: price symbols repeat
                  <TypeChip key={j} type={t} />
                ))}
              </div>
              {ways.slice(0, SHOWN_WAYS).map((b, j) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: two ways to pay may read alike
                  key={j}
                  type="button"
                  disabled={busy}
                  onClick={() => send(b)}
                >
                  {/* Read out as "Hazelnut: Pay with …": the name holds the visible words (axe). */}
                  <span className="visually-hidden">{provisionName(p, text)}: </span>
                  {text("market.pay", { cards: cardNames(b.args.cards, text) })}
                </button>
              ))}
              {ways.length > SHOWN_WAYS && (
                <span className="muted">
                  {text("market.more", { count: ways.length - SHOWN_WAYS })}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <p className="muted">{text("market.rule")}</p>
    </section>
  );
}

function Supplies({
  view,
  names,
  seat,
}: {
  view: View;
  names: string[];
  seat: number | undefined;
}) {
  const text = useGameText(RULES);
  const cocoons = list(view.cocoons).map(record);
  return (
    <section className="ga-players" aria-labelledby="ga-supplies-title">
      <h3 id="ga-supplies-title">{text("players.title")}</h3>
      {list(view.supplies).map((supply, s) => {
        const cocoon = cocoons[s] ?? {};
        const provisions = strings(list(view.provisions)[s]);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <div key={s} className="ga-player">
            <strong>
              {s === seat ? text("board.you", { name: names[s] ?? "" }) : (names[s] ?? "")}
            </strong>{" "}
            · {text("players.vp", { count: Number(list(view.vp)[s] ?? 0) })}
            <div>
              {text("players.provisions", {
                list: provisions.length
                  ? provisions.map((p) => provisionName(p, text)).join(", ")
                  : text("nothing"),
              })}
            </div>
            <div className="ga-supply">
              {text("players.supply")}{" "}
              {strings(supply).length
                ? strings(supply).map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two cards may read alike
                    <CardChip key={i} card={c} />
                  ))
                : text("nothing")}
              {Number(cocoon.count) > 0 && (
                <span className="ga-chip">
                  {typeof cocoon.card === "string"
                    ? text("players.cocoon", { card: cardNames([cocoon.card], text) })
                    : text("players.cocoonHidden")}
                </span>
              )}
            </div>
          </div>
        );
      })}
      <p className="muted">{text("players.discard", { count: strings(view.discard).length })}</p>
    </section>
  );
}
