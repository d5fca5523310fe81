// The line above the board (round, phase, start player, deck, bag, solo colour) and the running score:
// solo, against the goal's points; with several players, every seat's score so far.
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { GOAL_POINTS, scores } from "./points";

type View = ViewOf<"atiwa">;

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

/** Solo: the score so far of the goal's points; several players: each seat's score so far. */
export function RunningScore({
  view,
  players,
  text,
}: {
  view: View;
  players: string[];
  text: GameText;
}) {
  const all = scores(view);
  if (all.length === 0) return null;
  const done = view.final !== undefined;
  const solo = view.solo;
  return (
    <section className="at-score" aria-labelledby="at-score-title">
      <h3 id="at-score-title">{text(done ? "score.final" : "score.title")}</h3>
      {solo ? (
        <p>
          {text("score.goal", {
            score: all[0] ?? 0,
            goal: GOAL_POINTS[solo.challenge] ?? 0,
            challenge: text(`challenge.${solo.challenge}`),
          })}
        </p>
      ) : (
        <ul>
          {all.map((score, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <li key={seat}>
              {text("score.seat", { name: players[seat] ?? String(seat + 1), score })}
            </li>
          ))}
        </ul>
      )}
      {!done && <p className="muted">{text("score.hint")}</p>}
    </section>
  );
}
