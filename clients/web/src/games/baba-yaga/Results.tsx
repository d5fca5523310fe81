// The end explained, from the server's final view and outcome alone: each player's place (the server's
// placements), the spells they cast, each worth the 1 the score counts, the cards left in their stacks
// (revealed at the end), the tie rule the server applied, and what stays unseen (the box).
import type { Game } from "@playledger/client";
import { useId } from "react";
import type { EventContext, ViewOf } from "../types";
import { cardName, endWords, type useCatalog } from "./words";

type View = ViewOf<"baba-yaga">;

export function Results(props: {
  view: View;
  game: Game;
  ctx: EventContext;
  catalog: ReturnType<typeof useCatalog>;
}) {
  const { view, game, ctx } = props;
  const { text, players } = ctx;
  const id = useId();
  const placements = game.status.outcome?.placements ?? [];
  const tie = endWords(view, game).tieBreak;
  const boxed = leftInTheBox(view, players.length, props.catalog);
  const order = players
    .map((name, seat) => ({ name, seat, place: placements[seat] }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.seat - b.seat);
  return (
    <section aria-labelledby={`${id}-h`} className="by-results" data-testid="by-results">
      <h3 id={`${id}-h`}>{text("results.title")}</h3>
      <p>{text("results.rule")}</p>
      <section
        className="table-wrap"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
        tabIndex={0}
        aria-labelledby={`${id}-h`}
      >
        <table>
          <thead>
            <tr>
              <th scope="col">{text("results.place")}</th>
              <th scope="col">{text("results.player")}</th>
              <th scope="col">{text("results.spells")}</th>
              <th scope="col">{text("results.score")}</th>
              <th scope="col">{text("results.stack")}</th>
            </tr>
          </thead>
          <tbody>
            {order.map(({ name, seat, place }) => (
              <tr key={seat} data-seat={seat}>
                <td data-testid="by-place" data-label={text("results.place")}>
                  {place ?? ""}
                </td>
                <th scope="row">{name}</th>
                <td data-testid="by-spells" data-label={text("results.spells")}>
                  {(view.cast_cards[seat] ?? []).length === 0
                    ? text("results.none")
                    : (view.cast_cards[seat] ?? []).map((c) => (
                        <span key={c} className="by-spell" data-points="1">
                          {text("results.spell", { card: cardName(c, text) })}
                        </span>
                      ))}
                </td>
                <td data-testid="by-score" data-label={text("results.score")}>
                  {game.finalScores[seat] ?? ""}
                </td>
                <td
                  data-testid="by-stack"
                  data-label={text("results.stack")}
                  data-count={view.stacks?.[seat]?.length ?? 0}
                >
                  {(view.stacks?.[seat] ?? []).map((c) => cardName(c, text)).join(" · ") ||
                    text("results.none")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p data-testid="by-tie">
        {tie ? text("results.tie", { rule: text(tie.key, tie.values) }) : text("results.noTie")}
      </p>
      <p className="muted">
        {text("results.forest")}
        {boxed !== undefined && ` ${text("results.box", { count: boxed })}`}
      </p>
    </section>
  );
}

/** The spell cards never dealt (the deck less every seat's cast cards and stack), if the catalog is loaded. */
function leftInTheBox(
  view: View,
  seats: number,
  catalog: ReturnType<typeof useCatalog>,
): number | undefined {
  if (!catalog) return undefined;
  let dealt = 0;
  for (let s = 0; s < seats; s++)
    dealt += (view.cast_cards[s]?.length ?? 0) + (view.stacks?.[s]?.length ?? 0);
  return Math.max(0, Object.keys(catalog.spells).length - dealt);
}
