// The six hatcheries and every seat's ants in each. During a Hatch (or when an anteater is fed a
// hatchery) a hatchery you may choose is a button in its row (one Tab stop; the arrow keys move on).
import type { LegalCommand } from "@playledger/client";
import { useRoving } from "../../a11y/roving";
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { colorName, hatcheryName, SEAT_COLOR, TERRAIN_COLOR } from "./words";

type View = ViewOf<"antics">;

export function Hatcheries(props: {
  view: View;
  text: GameText;
  places: Map<string, LegalCommand[]>;
  onPlace: (place: string, commands: LegalCommand[]) => void;
  busy: boolean;
}) {
  const { view, text, places, onPlace, busy } = props;
  const rows = Object.entries(view.hatcheries);
  const roving = useRoving(rows.map(([h]) => `hatchery:${h}`).filter((k) => places.has(k)));
  return (
    <section className="an-hatcheries" aria-labelledby="an-hatcheries-title">
      <h3 id="an-hatcheries-title">{text("hatcheries.title")}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{text("hatcheries.hatchery")}</th>
            {Array.from({ length: view.seats }, (_, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              <th key={s} scope="col" style={{ color: SEAT_COLOR[s] }}>
                {colorName(s, text)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([h, counts]) => {
            const place = `hatchery:${h}`;
            const commands = places.get(place);
            return (
              <tr key={h}>
                <th scope="row">
                  <span className="an-swatch" style={{ background: TERRAIN_COLOR[h] }} />
                  {commands ? (
                    <button
                      type="button"
                      className="an-chip clickable"
                      data-place={place}
                      aria-disabled={busy || undefined}
                      onClick={() => !busy && onPlace(place, commands)}
                      {...roving(place)}
                    >
                      {hatcheryName(h, text)}
                    </button>
                  ) : (
                    hatcheryName(h, text)
                  )}
                </th>
                {counts.map((n, s) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                  <td key={s}>{n}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
