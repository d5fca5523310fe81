// Autumn's side of the table: each player's pantry shelves (cube positions), shelf points and insect cards
// (face down to the others until the end, unless the open variant is on).
import { useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { TypeChip } from "./common";
import {
  insectKinds,
  insectName,
  insectPoints,
  list,
  PATH_TYPES,
  RULES,
  record,
  strings,
  typeName,
} from "./words";

type View = ViewOf<"grasshopper-and-ant">;

/** Insect cards grouped by kind, each with the points the server's table gives that many cards. */
export function InsectPile({ cards }: { cards: string[] }) {
  const text = useGameText(RULES);
  const kinds = insectKinds(cards);
  if (kinds.length === 0) return <>{text("insects.none")}</>;
  return (
    <>
      {kinds.map(([insect, count]) => (
        <span key={insect} className="ga-chip">
          {text("insects.kind", {
            insect: insectName(insect, text),
            count,
            points: insectPoints(count) ?? "?",
          })}
        </span>
      ))}
    </>
  );
}

function Shelf({ type, at }: { type: string; at: number }) {
  const text = useGameText(RULES);
  return (
    <span
      className="ga-shelf-cell"
      role="img"
      aria-label={text("pantry.shelf", { type: typeName(type, text), at })}
    >
      <span className="ga-shelf" aria-hidden="true">
        {[1, 2, 3, 4].map((p) => (
          <span key={p} className={p <= at ? `ga-slot ga-${type} ga-on` : "ga-slot"} />
        ))}
      </span>
      <span className="ga-pos" aria-hidden="true">
        {at}
      </span>
    </span>
  );
}

export function Autumn({
  view,
  names,
  seat,
}: {
  view: View;
  names: string[];
  seat: number | undefined;
}) {
  const text = useGameText(RULES);
  const pantry = list(view.pantry).map(record);
  const piles = list(view.insect_cards);
  return (
    <section className="ga-players" aria-labelledby="ga-pantry-title">
      <h3 id="ga-pantry-title">{text("pantry.title")}</h3>
      <section
        className="table-wrap"
        aria-labelledby="ga-pantry-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, by keyboard too
        tabIndex={0}
      >
        <table className="ga-pantry">
          <thead>
            <tr>
              <th scope="col">{text("pantry.player")}</th>
              {PATH_TYPES.map((t) => (
                <th scope="col" key={t}>
                  <TypeChip type={t} />
                </th>
              ))}
              <th scope="col">{text("pantry.points")}</th>
              <th scope="col">{text("pantry.insects")}</th>
            </tr>
          </thead>
          <tbody>
            {pantry.map((shelves, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              <tr key={s}>
                <th scope="row">
                  {s === seat ? text("board.you", { name: names[s] ?? "" }) : (names[s] ?? "")}
                </th>
                {PATH_TYPES.map((t) => (
                  <td key={t}>
                    <Shelf type={t} at={Number(shelves[t] ?? 0)} />
                  </td>
                ))}
                <td>{Number(list(view.shelf_points)[s] ?? 0)}</td>
                <td>
                  {Array.isArray(piles[s]) ? (
                    <InsectPile cards={strings(piles[s])} />
                  ) : (
                    text("insects.hidden", { count: Number(list(view.insect_counts)[s] ?? 0) })
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {"my_score" in view && typeof view.my_score === "number" && !view.finished && (
        <p>
          {text("pantry.mine", {
            score: view.my_score,
            insects: Number(view.my_insect_points ?? 0),
          })}
        </p>
      )}
      <p className="muted">{text("pantry.boxed", { count: Number(view.boxed_count ?? 0) })}</p>
    </section>
  );
}
