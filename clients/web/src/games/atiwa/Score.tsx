// The line above the board (round, phase, start player, deck, bag, solo colour) and the running score the
// server's view carries: every seat's score so far by category; solo, against the goal's conditions.
import type { GameText } from "../../i18n/text";
import type { View } from "./common";
import { GoalList } from "./Goal";

function phaseOf(phase: string): string {
  const word = phase.split(":")[0] ?? "";
  return ["work", "maintenance", "finished"].includes(word) ? word : "setup";
}

export function Status({ view, players, text }: { view: View; players: string[]; text: GameText }) {
  const bag = view.bag;
  const solo = view.solo;
  return (
    <p className="at-status">
      <b>{text("status.round", { round: view.round })}</b>
      {" · "}
      {text("status.phase", { phase: phaseOf(view.phase) })}
      {" · "}
      {text("status.start", { name: players[view.start_player] ?? "" })}
      {" · "}
      {text("status.deck", { count: view.deck_size ?? 0 })}
      {bag && (
        <>
          {" · "}
          {text("status.bag", { none: bag.no_gold, one: bag.one_gold, two: bag.two_gold })}
        </>
      )}
      {solo && (
        <>
          {" · "}
          {text("status.solo", {
            challenge: text(`challenge.${solo.challenge}`),
            colour: solo.colour ?? "none",
          })}
        </>
      )}
    </p>
  );
}

/** The score categories in the final scoring's order (AT-91..AT-96), then the total. */
export const CATEGORIES = [
  "gold",
  "cards",
  "supply_board",
  "trained_families",
  "fruit_bats",
  "food_shortage",
  "total",
] as const;

/**
 * Every seat's score so far by category, as the server's view counts it (the final scoring applied now);
 * solo, measured against the goal's points and its other conditions as they stand.
 */
/** The running table's columns: the total first (in view on a phone), then its parts. */
const COLUMNS = ["total", ...CATEGORIES.filter((c) => c !== "total")] as const;

export function RunningScore({
  view,
  players,
  text,
}: {
  view: View;
  players: string[];
  text: GameText;
}) {
  const seats = view.players ?? [];
  if (seats.length === 0 || view.final !== undefined) return null;
  const goal = view.solo?.goal;
  const points = goal?.conditions.find((c) => c.key === "points");
  const others = goal
    ? { ...goal, conditions: goal.conditions.filter((c) => c.key !== "points") }
    : undefined;
  return (
    <section className="at-score" aria-labelledby="at-score-title">
      <h3 id="at-score-title">
        {text("score.title")} <span className="muted">{text("score.hint")}</span>
      </h3>
      {goal && points && (
        <p>
          {text("score.goal", {
            score: points.have,
            goal: points.count,
            challenge: text(`challenge.${goal.challenge}`),
          })}
        </p>
      )}
      {others && others.conditions.length > 0 && <GoalList goal={others} now text={text} />}
      <div className="table-wrap">
        <table className="at-supply at-score-table">
          <thead>
            <tr>
              <th scope="col">{text("score.player")}</th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {text(`final.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {seats.map((p) => (
              <tr key={p.seat} data-seat={p.seat}>
                <th scope="row">{players[p.seat] ?? String(p.seat + 1)}</th>
                {COLUMNS.map((c) => (
                  <td key={c} className={c === "total" ? "at-total" : undefined}>
                    {p.score[c]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
