// The markers: your secret one, the buttons to choose or guess one, the Dragonfly's peek, and the reveal;
// and the steps of a collection that have no place on the grid (insect help, powers, the end of buying).
import { useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { type Acting, CardChip, TypeChip } from "./common";
import { label, list, PATH_TYPES, RULES, record, strings, typeName } from "./words";

type View = ViewOf<"grasshopper-and-ant">;

export function MarkerPanel(props: Acting & { view: View; names: string[] }) {
  const { view, names } = props;
  const text = useGameText(RULES);
  const peek = view.peek === null ? undefined : record(view.peek);
  return (
    <section className="ga-markers" aria-labelledby="ga-markers-title">
      <h3 id="ga-markers-title">{text("markers.title")}</h3>
      <Markers {...props} />
      {peek && (
        <p>
          {text("markers.peeked", {
            name: names[Number(peek.seat)] ?? "",
            slot: Number(peek.slot) + 1,
            shown: typeof peek.marker === "string" ? "yes" : "no",
            type: typeof peek.marker === "string" ? typeName(peek.marker, text) : "",
          })}
        </p>
      )}
      <Reveal view={view} names={names} />
    </section>
  );
}

/** The markers turned over this round: the Ant's, the Cicada's guess, the Red Ants', and who collects. */
export function Reveal({ view, names }: { view: View; names: string[] }) {
  const text = useGameText(RULES);
  const reveal = view.reveal === null ? undefined : record(view.reveal);
  if (!reveal) return null;
  const guesses = list(reveal.guesses).map((g) => list(g));
  const collector = typeof reveal.collector === "number" ? names[reveal.collector] : undefined;
  return (
    <div className="ga-reveal" data-testid="reveal">
      <p>
        {text("reveal.ant")} <TypeChip type={String(reveal.ant_marker)} />
      </p>
      <p>
        {text("reveal.cicada", { right: reveal.cicada_right === true ? "yes" : "no" })}{" "}
        {collector === undefined
          ? text("reveal.nobody")
          : text("reveal.collects", { name: collector })}{" "}
        {strings(reveal.cards).map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two cards may read alike
          <CardChip key={i} card={c} />
        ))}
      </p>
      {guesses.length > 0 && (
        <p>
          {text("reveal.guesses", {
            guesses: guesses
              .map((g) =>
                text("reveal.guess", {
                  name: names[Number(g[0])] ?? "",
                  type: typeName(g[1], text),
                }),
              )
              .join("; "),
          })}
        </p>
      )}
    </div>
  );
}

function Markers({ view, legal, busy, send, ctx }: Acting & { view: View }) {
  const text = useGameText(RULES);
  const mine = typeof view.my_marker === "string" ? view.my_marker : undefined;
  const choose = legal.filter(
    (c) => c.commandType === "choose_marker" || c.commandType === "red_ant_guess",
  );
  const peeks = legal.filter((c) => c.commandType === "peek_marker");
  if (!mine && choose.length === 0 && peeks.length === 0) {
    return view.reveal === null ? <p className="muted">{text("markers.secret")}</p> : null;
  }
  return (
    <>
      {mine && (
        <p>
          {text("markers.mine")} <TypeChip type={mine} />
        </p>
      )}
      {choose.length > 0 && (
        <fieldset className="ga-actions ga-choose">
          <legend>
            {choose[0]?.commandType === "choose_marker"
              ? text("markers.choose")
              : text("markers.guess")}
          </legend>
          {PATH_TYPES.map((t) => {
            const c = choose.find((x) => x.args.path_type === t);
            return (
              <button
                key={t}
                type="button"
                className={`ga-marker ga-${t}`}
                disabled={busy || !c}
                onClick={() => c && send(c)}
              >
                {typeName(t, text)}
              </button>
            );
          })}
        </fieldset>
      )}
      {peeks.length > 0 && (
        <fieldset className="ga-actions">
          <legend>{text("markers.peek")}</legend>
          {peeks.map((c) => (
            <button key={label(c, ctx)} type="button" disabled={busy} onClick={() => send(c)}>
              {label(c, ctx)}
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
}

/** The steps of a collection with no natural place on the grid: powers, the end of buying (insect help is
 * on the grid). */
export function Turn({ legal, busy, send, ctx }: Acting) {
  const text = useGameText(RULES);
  const here = legal.filter((c) =>
    ["gain_power", "skip_power", "use_swap", "pass"].includes(c.commandType),
  );
  if (here.length === 0) return null;
  return (
    <section className="ga-turn" aria-labelledby="ga-turn-title">
      <h3 id="ga-turn-title">{text("turn.title")}</h3>
      {here.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two moves may read alike
        <button key={i} type="button" disabled={busy} onClick={() => send(c)}>
          {label(c, ctx)}
        </button>
      ))}
    </section>
  );
}
