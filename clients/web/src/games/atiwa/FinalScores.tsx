// The end of the game explained from the server's final view and outcome: every seat's place, its score by
// category with the rule each category counts by, the tie-break's markers, and the solo goal's conditions.
import { useGameText } from "../../i18n/text";
import type { View } from "./common";
import { GoalList } from "./Goal";
import { CATEGORIES } from "./Score";
import { RULES } from "./words";

/** The categories of the final table: the score's, then the tie-break's pollution markers (AT-97). */
const ROWS = [...CATEGORIES, "pollution_markers"] as const;

export function FinalScores(props: { view: View; players: string[]; placements: number[] }) {
  const { view, players, placements } = props;
  const text = useGameText(RULES);
  const final = view.final;
  if (!final) return null;
  const { scores, winners, goal } = final;
  return (
    <section className="at-section at-final" aria-labelledby="at-final-title">
      <h3 id="at-final-title">{text("final.title")}</h3>
      <div className="table-wrap">
        <table className="at-supply">
          <thead>
            <tr>
              <th scope="col">{text("final.category")}</th>
              <th scope="col">{text("final.rule")}</th>
              {scores.map((_, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <th key={s} scope="col">
                  {players[s] ?? String(s + 1)}
                  {winners.includes(s) ? " ★" : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="at-place">
              <th scope="row">{text("final.place")}</th>
              <td className="at-rule">
                {text("final.rule.place", { solo: goal === undefined ? "no" : "yes" })}
              </td>
              {scores.map((_, s) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <td key={s}>{placements[s] ?? ""}</td>
              ))}
            </tr>
            {ROWS.map((category) => (
              <tr key={category} className={category === "total" ? "at-total" : ""}>
                <th scope="row">{text(`final.${category}`)}</th>
                <td className="at-rule">{text(`final.rule.${category}`)}</td>
                {scores.map((r, s) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                  <td key={s}>{r[category]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {goal !== undefined && (
        <>
          <p>
            <b>
              {text("final.goal", {
                challenge: text(`challenge.${goal.challenge}`),
                met: goal.met ? "yes" : "no",
              })}
            </b>
          </p>
          <GoalList goal={goal} now={false} text={text} />
        </>
      )}
    </section>
  );
}
