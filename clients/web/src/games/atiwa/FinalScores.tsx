// The end of the game: every seat's score by category, and the solo goal's conditions.
import { type GameText, useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { RULES } from "./words";

const CATEGORIES = [
  "gold",
  "cards",
  "supply_board",
  "trained_families",
  "fruit_bats",
  "food_shortage",
  "total",
  "pollution_markers",
] as const;

const LOCATION_WORDS: Record<string, string> = {
  farm: "FARM",
  settlement: "SETTLEMENT",
  village: "VILLAGE",
  town: "TOWN",
};

/** A goal condition as the view words it ("at least 100 points") in the page's language. */
export function conditionText(words: string, text: GameText): string {
  const shapes: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^at least (\d+) points$/, (m) => text("goal.points", { count: Number(m[1]) })],
    [/^at least (\d+) bats$/, (m) => text("goal.bats", { count: Number(m[1]) })],
    [/^at least (\d+) towns$/, (m) => text("goal.towns", { count: Number(m[1]) })],
    [/^all (\d+) families on cards$/, (m) => text("goal.families", { count: Number(m[1]) })],
    [/^at least (\d+) gold$/, (m) => text("goal.gold", { count: Number(m[1]) })],
    [/^no pollution marker$/, () => text("goal.pollution")],
    [
      /^exactly these location cards: (.+)$/,
      (m) =>
        text("goal.locations", {
          cards: (m[1] ?? "")
            .split(", ")
            .map((part) => {
              const [count = "", kind = ""] = part.split(" ");
              return `${count} × ${text(`card.${LOCATION_WORDS[kind] ?? ""}`)}`;
            })
            .join(", "),
        }),
    ],
  ];
  for (const [pattern, say] of shapes) {
    const m = pattern.exec(words);
    if (m) return say(m);
  }
  return words;
}

/** The end of the game: every seat's score by category, and the solo goal's conditions. */
export function FinalScores({ view, players }: { view: ViewOf<"atiwa">; players: string[] }) {
  const text = useGameText(RULES);
  const final = view.final;
  if (!final) return null;
  const { scores, winners, goal } = final;
  return (
    <section className="at-section at-final" aria-labelledby="at-final-title">
      <h3 id="at-final-title">{text("final.title")}</h3>
      <section
        className="at-area-wrap"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
        tabIndex={0}
        aria-labelledby="at-final-title"
      >
        <table className="at-supply">
          <thead>
            <tr>
              <th scope="col">{text("final.category")}</th>
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
            {CATEGORIES.map((category) => (
              <tr key={category} className={category === "total" ? "at-total" : ""}>
                <th scope="row">{text(`final.${category}`)}</th>
                {scores.map((r, s) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                  <td key={s}>{r[category]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
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
          <ul>
            {goal.conditions.map((c) => (
              <li key={c.condition}>
                {c.met ? "✔" : "✘"} {conditionText(c.condition, text)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
