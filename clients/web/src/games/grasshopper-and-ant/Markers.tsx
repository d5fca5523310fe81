// The markers: your secret one, the buttons to choose or guess one, the Dragonfly's peek, and the reveal;
// and the steps of a collection that have no place on the grid (insect help, powers, the end of buying).
import type { ViewOf } from "../types";
import { type Acting, CardChip, record, TypeChip } from "./common";
import { label, list, PATH_TYPES, strings, typeName } from "./words";

export function MarkerPanel(
  props: Acting & { view: ViewOf<"grasshopper-and-ant">; names: string[] },
) {
  const { view, names, legal, busy, send } = props;
  const reveal = view.reveal === null ? undefined : record(view.reveal);
  const peek = view.peek === null ? undefined : record(view.peek);
  return (
    <section className="ga-markers" aria-label="markers">
      <h3>Markers</h3>
      <Markers view={view} legal={legal} busy={busy} send={send} />
      {peek && (
        <p>
          {names[Number(peek.seat)]} peeked at marker {Number(peek.slot) + 1}
          {typeof peek.marker === "string" ? `: ${typeName(peek.marker)}` : ""}.
        </p>
      )}
      {reveal && (
        <div className="ga-reveal" data-testid="reveal">
          <p>
            The Ant chose <TypeChip type={String(reveal.ant_marker)} />. The Cicada guessed{" "}
            <strong>{reveal.cicada_right === true ? "right" : "wrong"}</strong>:{" "}
            {names[Number(reveal.collector)]} collects{" "}
            {strings(reveal.cards).map((c) => (
              <CardChip key={c} card={c} />
            ))}
          </p>
          {list(reveal.guesses).length > 0 && (
            <p>
              Red Ants:{" "}
              {list(reveal.guesses)
                .map((g) => `${names[Number(list(g)[0])]} guessed ${typeName(list(g)[1])}`)
                .join(", ")}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function Markers({ view, legal, busy, send }: Acting & { view: ViewOf<"grasshopper-and-ant"> }) {
  const mine = typeof view.my_marker === "string" ? view.my_marker : undefined;
  const choose = legal.filter(
    (c) => c.commandType === "choose_marker" || c.commandType === "red_ant_guess",
  );
  const peeks = legal.filter((c) => c.commandType === "peek_marker");
  if (!mine && choose.length === 0 && peeks.length === 0) {
    return view.reveal === null ? (
      <p className="muted">The markers stay secret until the Cicada sits.</p>
    ) : null;
  }
  return (
    <>
      {mine && (
        <p>
          Your secret marker: <TypeChip type={mine} />
        </p>
      )}
      {choose.length > 0 && (
        <div className="ga-actions">
          <span>
            {choose[0]?.commandType === "choose_marker"
              ? "Collect which type?"
              : "Guess the Ant's type:"}
          </span>
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
                {typeName(t)}
              </button>
            );
          })}
        </div>
      )}
      {peeks.length > 0 && (
        <div className="ga-actions">
          <span>Dragonfly: peek at</span>
          {peeks.map((c) => (
            <button key={label(c)} type="button" disabled={busy} onClick={() => send(c)}>
              marker {Number(c.args.slot) + 1}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** The steps of a collection with no natural place on the grid: insect help, powers, the end of buying. */
export function Turn({ legal, busy, send }: Acting) {
  const here = legal.filter((c) =>
    ["resolve_insect", "gain_power", "skip_power", "use_swap", "pass"].includes(c.commandType),
  );
  if (here.length === 0) return null;
  return (
    <section className="ga-turn" aria-label="your choices">
      {here.map((c) => (
        <button key={label(c)} type="button" disabled={busy} onClick={() => send(c)}>
          {label(c)}
        </button>
      ))}
    </section>
  );
}

/** Insect cards grouped by kind, with the points each kind scores (1/3/6/10 for 1-4 cards). */
