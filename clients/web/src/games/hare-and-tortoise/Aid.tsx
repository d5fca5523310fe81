// The player aid: how far each animal runs by the cards of it played this round (the server's movement
// table, this round's counts marked), the Hare's nap, the Lamb's stream, the Howl, and the podium's points.
import { useId } from "react";
import { useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { ANIMALS, animalName, type Catalog, COLOR, RULES } from "./words";

export function MovementAid(props: {
  view: ViewOf<"hare-and-tortoise">;
  catalog: Catalog | undefined;
}) {
  const { view, catalog } = props;
  const text = useGameText(RULES);
  const id = useId();
  const movement = catalog?.movement;
  const points = catalog?.podium_points ?? [];
  const columns = [0, 1, 2, 3, 4];
  return (
    <section aria-labelledby={`${id}-h`} className="ht-aid">
      <h3 id={`${id}-h`}>{text("aid.title")}</h3>
      {view.variant === "turbo" || movement === undefined ? (
        view.variant === "turbo" && <p>{text("aid.turbo")}</p>
      ) : (
        <>
          <table className="ht-movement">
            <caption>{text("aid.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{text("aid.animal")}</th>
                {columns.map((n) => (
                  <th key={n} scope="col">
                    <span aria-hidden="true">{n}</span>
                    <span className="visually-hidden">{text("aid.cards", { count: n })}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ANIMALS.map((a) => (
                <tr key={a}>
                  <th scope="row" style={{ borderLeftColor: COLOR[a] }}>
                    {animalName(a, text)}
                  </th>
                  {columns.map((n) => {
                    const now = (view.counts[a] ?? 0) === n;
                    return (
                      <td key={n} className={now ? "now" : undefined}>
                        {now ? <strong>{movement[a]?.[n] ?? 0}</strong> : (movement[a]?.[n] ?? "")}
                        {now && <span className="visually-hidden"> {text("aid.now")}</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="ht-notes">
            <li>{text("aid.hare")}</li>
            <li>{text("aid.lamb")}</li>
            <li>{text("aid.howl")}</li>
          </ul>
        </>
      )}
      {points.length >= 3 && (
        <p>{text("aid.points", { first: points[0], second: points[1], third: points[2] })}</p>
      )}
    </section>
  );
}
