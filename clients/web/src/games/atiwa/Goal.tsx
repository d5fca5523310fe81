// The solo goal, condition by condition, as the server judges it: now (the view's `solo.goal`) or at the end
// (`final.goal`). Each condition comes with its key, the count it asks and the count there is, so the page
// only says them in its own language.
import type { GameText } from "../../i18n/text";
import type { Condition, Goal } from "./common";

/** A goal condition in the page's language ("at least 100 points"). */
export function conditionText(c: Condition, text: GameText): string {
  if (c.key === "locations") {
    const cards = Object.entries(c.cards ?? {})
      .map(([kind, n]) => `${n} × ${text(`card.${kind}`)}`)
      .join(", ");
    return text("goal.locations", { cards });
  }
  return text(`goal.${c.key}`, { count: c.count });
}

/** The goal's conditions as a list: met or not, and (while the game goes on) how far it is. */
export function GoalList({ goal, now, text }: { goal: Goal; now: boolean; text: GameText }) {
  return (
    <ul className="at-goal">
      {goal.conditions.map((c) => (
        <li key={c.key} data-met={c.met}>
          <span aria-hidden="true">{c.met ? "✔ " : "✘ "}</span>
          <span className="visually-hidden">{text(c.met ? "goal.met" : "goal.notMet")} </span>
          {conditionText(c, text)}
          {now && c.key !== "points" && ` ${text("goal.have", { have: c.have })}`}
        </li>
      ))}
    </ul>
  );
}
