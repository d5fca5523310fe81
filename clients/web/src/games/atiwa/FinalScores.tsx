// The end of the game: every seat's score by category, and the solo goal's conditions.
import type { JsonObject } from "@playledger/client";
import { arr, obj } from "./catalog";
import { num } from "./common";

const CATEGORIES: [string, string][] = [
  ["gold", "Gold (AT-91)"],
  ["cards", "Cards (AT-92)"],
  ["supply_board", "Supply board (AT-93)"],
  ["trained_families", "Trained families (AT-94)"],
  ["fruit_bats", "Fruit bats over 10 (AT-95)"],
  ["food_shortage", "Food shortage (AT-96)"],
  ["total", "Total"],
  ["pollution_markers", "Pollution markers (tie-break, AT-97)"],
];

/** The end of the game: every seat's score by category, and the solo goal's conditions. */
export function FinalScores({ final, players }: { final: JsonObject; players: string[] }) {
  const scores = arr(final.scores).map(obj);
  const winners = arr(final.winners).map(Number);
  const goal = obj(final.goal);
  return (
    <section className="at-section at-final" aria-label="final scores">
      <h3>Final scores</h3>
      <div className="at-area-wrap">
        <table className="at-supply">
          <thead>
            <tr>
              <th scope="col">category</th>
              {scores.map((_, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <th key={s} scope="col">
                  {players[s] ?? `seat ${s}`}
                  {winners.includes(s) ? " ★" : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CATEGORIES.map(([key, name]) => (
              <tr key={key} className={key === "total" ? "at-total" : ""}>
                <th scope="row">{name}</th>
                {scores.map((r, s) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                  <td key={s}>{num(r[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {goal.name !== undefined && (
        <>
          <p>
            <b>{String(goal.name)}</b>: the goal is {goal.met ? "met" : "not met"}.
          </p>
          <ul>
            {arr(goal.conditions)
              .map(obj)
              .map((c) => (
                <li key={String(c.condition)}>
                  {c.met ? "✔" : "✘"} {String(c.condition)}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
