// The end of the game explained: each seat's points by the rule that gave them (leaves on fungi, prey by
// its kinds), the total the server scored, the ant-hill's height (the tie-break) and the place; and what
// was hidden. Every number is the server's: each player's leaf and prey points (its view), the total, the
// heights and the places; the page adds nothing up.
import { useId } from "react";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { hexName, tokenName } from "./words";

type View = ViewOf<"antics">;

export function FinalScores(props: {
  view: View;
  players: string[];
  placements: number[] | undefined;
  text: GameText;
}) {
  const { view, players, placements, text } = props;
  const id = useId();
  const totals = view.final_scores;
  if (!totals) return null;
  return (
    <section className="an-final" aria-labelledby={`${id}-h`} data-testid="an-final">
      <h3 id={`${id}-h`}>{text("final.title")}</h3>
      <section
        className="an-scroll"
        data-scrolls
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
        tabIndex={0}
        aria-labelledby={`${id}-h`}
      >
        <table>
          <thead>
            <tr>
              <th scope="col">{text("final.player")}</th>
              <th scope="col">{text("final.leaves")}</th>
              <th scope="col">{text("final.prey")}</th>
              <th scope="col">{text("final.total")}</th>
              <th scope="col">{text("final.height")}</th>
              <th scope="col">{text("final.place")}</th>
            </tr>
          </thead>
          <tbody>
            {view.players.map((_, s) => (
              <ScoreRow
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                key={s}
                view={view}
                seat={s}
                name={players[s] ?? ""}
                place={placements?.[s]}
                text={text}
              />
            ))}
          </tbody>
        </table>
      </section>
      <p className="an-note">{text("final.rules")}</p>
      <p className="an-note" data-testid="an-hidden">
        {text("final.hidden", {
          count: view.bag_size,
          tiles: Object.entries(view.bag_composition)
            .map(
              ([kind, n]) =>
                `${n} × ${kind
                  .split("/")
                  .map((h) => hexName(h, text))
                  .join(" / ")}`,
            )
            .join(", "),
        })}
      </p>
    </section>
  );
}

function ScoreRow(props: {
  view: View;
  seat: number;
  name: string;
  place: number | undefined;
  text: GameText;
}) {
  const { view, seat: s, text } = props;
  const p = view.players[s];
  if (!p) return null;
  const total = view.final_scores?.[s] ?? p.score;
  const fungi = p.cells
    .filter((c) => c.hex === "FUNGUS")
    .map((c) => c.level)
    .sort((a, b) => b - a);
  return (
    <tr data-seat={s}>
      <th scope="row">
        {props.name}
        {view.winners?.includes(s) ? " ★" : ""}
      </th>
      <td data-testid="an-leaves">
        {text("final.leafPoints", {
          points: p.leaf_points,
          brown: p.brown_leaves,
          green: p.green_leaves,
          fungi: fungi.length ? fungi.join(", ") : "–",
          fungus: hexName("FUNGUS", text),
        })}
      </td>
      <td data-testid="an-prey">
        {text("final.preyPoints", {
          points: p.prey_points,
          kinds: new Set(p.prey).size,
          prey: p.prey.map((t) => tokenName(t, text)).join(", ") || "–",
        })}
      </td>
      <td data-testid="an-total">{total}</td>
      <td>{p.height}</td>
      <td>{props.place ?? ""}</td>
    </tr>
  );
}
