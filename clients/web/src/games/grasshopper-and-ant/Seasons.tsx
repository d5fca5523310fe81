// The players' side of each season: Autumn's pantry shelves and insects; Winter's market, powers, and each
// player's provisions and supply of path cards.
import type { ViewOf } from "../types";
import { type Acting, CardChip, record, TypeChip } from "./common";
import {
  cardInsect,
  insectName,
  insectPoints,
  label,
  list,
  PATH_TYPES,
  powerInfo,
  provision,
  strings,
  typeName,
} from "./words";

type View = ViewOf<"grasshopper-and-ant">;

function InsectPile({ cards }: { cards: string[] }) {
  if (cards.length === 0) return <>none</>;
  const kinds = new Map<string, string[]>();
  for (const c of cards) {
    const insect = cardInsect(c) ?? "?";
    kinds.set(insect, [...(kinds.get(insect) ?? []), c]);
  }
  return (
    <>
      {[...kinds].map(([insect, of]) => (
        <span key={insect} className="ga-chip" title={of.join(", ")}>
          {insectName(insect)} ×{of.length} ({insectPoints(of.length)} pt
          {insectPoints(of.length) === 1 ? "" : "s"})
        </span>
      ))}
    </>
  );
}

export function Autumn({
  view,
  names,
  seat,
}: {
  view: View;
  names: string[];
  seat: number | undefined;
}) {
  const pantry = list(view.pantry).map(record);
  const piles = list(view.insect_cards);
  return (
    <section className="ga-players" aria-label="pantry">
      <h3>Pantry</h3>
      <table className="ga-pantry">
        <thead>
          <tr>
            <th scope="col">Player</th>
            {PATH_TYPES.map((t) => (
              <th scope="col" key={t}>
                <TypeChip type={t} />
              </th>
            ))}
            <th scope="col">Shelves</th>
            <th scope="col">Insects</th>
          </tr>
        </thead>
        <tbody>
          {pantry.map((shelves, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <tr key={s}>
              <th scope="row">
                {names[s]}
                {s === seat && " (you)"}
              </th>
              {PATH_TYPES.map((t) => {
                const at = Number(shelves[t] ?? 0);
                return (
                  <td key={t} aria-label={`${typeName(t)} shelf: position ${at}`}>
                    <span className="ga-shelf">
                      {[1, 2, 3, 4].map((p) => (
                        <span key={p} className={p <= at ? `ga-slot ga-${t} ga-on` : "ga-slot"} />
                      ))}
                    </span>
                    <span className="ga-pos">{at}</span>
                  </td>
                );
              })}
              <td>{String(list(view.shelf_points)[s] ?? 0)} pts</td>
              <td>
                {Array.isArray(piles[s]) ? (
                  <InsectPile cards={strings(piles[s])} />
                ) : (
                  `${String(list(view.insect_counts)[s] ?? 0)} face down`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {"my_score" in view && typeof view.my_score === "number" && (
        <p>
          Your score so far: {view.my_score} ({String(view.my_insect_points)} from insects). Shelves
          score 1/3/6/10; each insect kind 1/3/6/10 for 1–4 cards.
        </p>
      )}
      <p className="muted">{String(view.boxed_count)} plain cards boxed.</p>
    </section>
  );
}

export function Winter({
  view,
  names,
  seat,
  legal,
  busy,
  send,
}: Acting & { view: View; names: string[]; seat: number | undefined }) {
  return (
    <>
      <Market view={view} legal={legal} busy={busy} send={send} />
      {view.powers === true && (
        <section className="ga-powers" aria-label="powers">
          <h3>Powers</h3>
          <ul>
            {list(view.power_cards)
              .map(record)
              .filter((p) => p.holder !== "box")
              .map((p) => (
                <li key={String(p.power)}>
                  <strong>{String(p.name)}</strong> ({insectName(p.insect)}):{" "}
                  {powerInfo(String(p.power)).effect} —{" "}
                  {p.holder === "centre" ? "in the centre" : `held by ${names[Number(p.holder)]}`}
                </li>
              ))}
          </ul>
        </section>
      )}
      <Supplies view={view} names={names} seat={seat} />
    </>
  );
}

function Market({ view, legal, busy, send }: Acting & { view: View }) {
  const buys = legal.filter((c) => c.commandType === "buy");
  return (
    <section className="ga-market" aria-label="market">
      <h3>
        Market <span className="muted">· {String(view.provision_deck_count)} in the deck</span>
      </h3>
      <div className="ga-provisions">
        {strings(view.market).map((p) => {
          const info = provision(p);
          const ways = buys.filter((b) => b.args.provision === p);
          return (
            <div key={p} className="ga-provision">
              <strong>{info.name}</strong> <span className="muted">{p}</span>
              <div>
                price:{" "}
                {info.price.map((t, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: price symbols repeat
                  <TypeChip key={i} type={t} text={t} />
                ))}
              </div>
              {ways.slice(0, 4).map((b) => (
                <button key={label(b)} type="button" disabled={busy} onClick={() => send(b)}>
                  pay {strings(b.args.cards).join(" ")}
                </button>
              ))}
              {ways.length > 4 && (
                <span className="muted">+{ways.length - 4} more under Your moves</span>
              )}
            </div>
          );
        })}
      </div>
      <p className="muted">
        1 VP a card, 3 for a pair; 3 identical path cards pay for any one symbol; first to 4 VP
        wins.
      </p>
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
  const supplies = list(view.supplies);
  const cocoons = list(view.cocoons).map(record);
  return (
    <section className="ga-players" aria-label="supplies">
      <h3>Players</h3>
      {supplies.map((supply, s) => {
        const cocoon = cocoons[s] ?? {};
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
          <div key={s} className="ga-player">
            <strong>
              {names[s]}
              {s === seat && " (you)"}
            </strong>{" "}
            · {String(list(view.vp)[s] ?? 0)} VP
            <div>
              provisions:{" "}
              {strings(list(view.provisions)[s]).length
                ? strings(list(view.provisions)[s])
                    .map((p) => provision(p).name)
                    .join(", ")
                : "none"}
            </div>
            <div className="ga-supply">
              supply:{" "}
              {strings(supply).length
                ? strings(supply).map((c) => <CardChip key={c} card={c} />)
                : "empty"}
              {Number(cocoon.count) > 0 &&
                (typeof cocoon.card === "string" ? (
                  <span className="ga-chip">face down: {cocoon.card}</span>
                ) : (
                  <span className="ga-chip">1 face-down card</span>
                ))}
            </div>
          </div>
        );
      })}
      <p className="muted">{strings(view.discard).length} cards on the discard pile.</p>
    </section>
  );
}
