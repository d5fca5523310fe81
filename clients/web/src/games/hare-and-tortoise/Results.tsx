// Each finished race explained: its podium, every player's bets revealed with the points each scored
// (the place of its animal on the podium), and the race's score; over a series, the totals.
import { useId } from "react";
import { type GameText, useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { animalName, cardAnimal, cardName, RULES, useCatalog } from "./words";

type View = ViewOf<"hare-and-tortoise">;
type Result = View["results"][number];

/** "Fox (starting bet): 5": a revealed bet and the points of its animal's place. */
function betWords(bet: string, result: Result, points: number[], text: GameText): string {
  const place = result.podium.find((p) => p.animal === cardAnimal(bet))?.place;
  return text("results.bet", {
    card: cardName(bet, text),
    points: place === undefined ? 0 : (points[place - 1] ?? 0),
  });
}

export function Results({ view, players }: { view: View; players: string[] }) {
  const text = useGameText(RULES);
  const id = useId();
  const points = useCatalog()?.podium_points ?? [];
  return (
    <section aria-labelledby={`${id}-h`} className="ht-results" data-testid="ht-results">
      <h3 id={`${id}-h`}>{text("results.title")}</h3>
      {view.results.map((result, r) => (
        <table
          // biome-ignore lint/suspicious/noArrayIndexKey: races are in order
          key={r}
        >
          <caption>
            {text("results.race", {
              race: r + 1,
              podium: result.podium
                .map((p) =>
                  text("podium.place", { place: p.place, animal: animalName(p.animal, text) }),
                )
                .join(", "),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{text("results.player")}</th>
              <th scope="col">{text("results.bets")}</th>
              <th scope="col">{text("results.points")}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((name, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              <tr key={s} data-seat={s}>
                <th scope="row">{name}</th>
                <td>
                  {(result.bets[s] ?? []).map((b) => betWords(b, result, points, text)).join(" + ")}
                </td>
                <td data-testid="ht-race-score">{result.scores[s] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {view.races > 1 && view.totals && (
        <p>
          {text("results.totals", {
            totals: players.map((name, s) => `${name} ${view.totals?.[s] ?? 0}`).join(", "),
          })}
        </p>
      )}
    </section>
  );
}
