// The display: three rows of tiles with an anteater in each, the bag's size and the next anteater meal.
// During a Scout the tiles you may take are buttons (one Tab stop; the arrow keys cross the grid).
import type { LegalCommand } from "@playledger/client";
import { useRoving } from "../../a11y/roving";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { hexName, mealName } from "./words";

type View = ViewOf<"antics">;
const COLUMNS = [1, 2, 3, 4, 5, 6];

export function Display(props: {
  view: View;
  scouts: Map<string, LegalCommand>;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
  text: GameText;
}) {
  const { view, scouts, busy, onCommand, text } = props;
  const roving = useRoving([...scouts.keys()]);
  return (
    <section className="an-display" aria-labelledby="an-display-title">
      <h3 id="an-display-title">{text("display.title")}</h3>
      <p className="an-note">
        {text("display.bag", { count: view.bag_size, meal: mealName(view.next_meal, text) })}
      </p>
      <div className="an-grid">
        <span />
        {COLUMNS.map((c) => (
          <span key={c} className="an-head">
            {c}
          </span>
        ))}
        {view.display.map((row, r) => [
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
          <span key={`r${r + 1}`} className="an-head">
            {text("display.row", { n: r + 1 })}
          </span>,
          ...COLUMNS.map((col) => {
            const k = `${r + 1},${col}`;
            if (col === row.anteater)
              return (
                <div key={k} className="an-tile an-anteater">
                  {text("display.anteater")}
                </div>
              );
            const tile = row.tiles[col - 1];
            const hexes =
              tile === null || tile === undefined ? [] : (view.tiles[String(tile)] ?? []);
            const words = hexes.map((h) => hexName(h, text));
            const scout = scouts.get(k);
            if (!scout)
              return (
                <div key={k} className="an-tile">
                  {words.length ? words.join(" / ") : "·"}
                </div>
              );
            return (
              <button
                key={k}
                type="button"
                className="an-tile clickable"
                data-tile={k}
                aria-label={text("display.take", {
                  tile: words.join(" / "),
                  row: r + 1,
                  column: col,
                })}
                aria-disabled={busy || undefined}
                onClick={() => !busy && onCommand(scout)}
                {...roving(k)}
              >
                {words.join(" / ")}
              </button>
            );
          }),
        ])}
      </div>
    </section>
  );
}
