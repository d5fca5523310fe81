// The 4×4 path grid: each card's type, insect and pawns; the Ant picks six cards for its ants (Escape
// clears the pick), the Cicada clicks the card it sits on.
import type { JsonObject, LegalCommand } from "@playledger/client";
import { useCallback } from "react";
import { useEscape } from "../../a11y/keyboard";
import type { ViewOf } from "../types";
import { type Acting, key, record } from "./common";
import { cellName, insectName, list, typeName } from "./words";

export function Grid(
  props: Acting & {
    view: ViewOf<"grasshopper-and-ant">;
    picked: string[];
    setPicked: React.Dispatch<React.SetStateAction<string[]>>;
  },
) {
  const { view, legal, busy, send, picked, setPicked } = props;
  const grid = list(view.grid).map((row) => list(row));
  const of = (type: string) => legal.filter((c) => c.commandType === type);
  const placements = of("place_ants");
  const sits = of("place_cicada");
  const clear = useCallback(() => setPicked([]), [setPicked]);
  useEscape(clear, picked.length > 0);
  const chosenPlacement = placements.find((c) => {
    const cells = list(c.args.cells).map(key);
    return cells.length === picked.length && cells.every((k) => picked.includes(k));
  });
  const canPick = (k: string) =>
    placements.some((c) => list(c.args.cells).some((cell) => key(cell) === k));
  const toggle = (k: string) =>
    setPicked((p) => (p.includes(k) ? p.filter((x) => x !== k) : p.length < 6 ? [...p, k] : p));
  return (
    <section className="ga-grid-wrap" aria-label="path grid">
      <div className="ga-grid">
        <span />
        {["A", "B", "C", "D"].map((c) => (
          <span key={c} className="ga-axis">
            {c}
          </span>
        ))}
        {grid.map((row, r) => [
          // biome-ignore lint/suspicious/noArrayIndexKey: grid rows are positions
          <span key={`row-${r + 1}`} className="ga-axis">
            {r + 1}
          </span>,
          ...row.map((cellValue, c) => (
            <GridCell
              // biome-ignore lint/suspicious/noArrayIndexKey: grid cells are positions
              key={`${r},${c}`}
              r={r}
              c={c}
              cell={cellValue === null ? null : record(cellValue)}
              sit={sits.find((s) => key(s.args.cell) === `${r},${c}`)}
              pickable={placements.length > 0 && canPick(`${r},${c}`)}
              selected={picked.includes(`${r},${c}`)}
              busy={busy}
              onClick={(sit) => (sit ? send(sit) : toggle(`${r},${c}`))}
            />
          )),
        ])}
      </div>
      {placements.length > 0 && (
        <div className="ga-actions">
          <span>
            Pick 6 cards side by side for your ants ({picked.length}/6
            {picked.length === 6 && !chosenPlacement ? ": they must touch in one chain" : ""}
            ).
          </span>
          <button
            type="button"
            className="primary"
            disabled={busy || !chosenPlacement}
            onClick={() => chosenPlacement && send(chosenPlacement)}
          >
            Place ants{chosenPlacement ? ` on ${picked.length} cards` : ""}
          </button>
          {picked.length > 0 && (
            <button type="button" onClick={() => setPicked([])}>
              Clear
            </button>
          )}
        </div>
      )}
      {sits.length > 0 && <p className="ga-hint">Click a card with an ant to sit on it.</p>}
    </section>
  );
}

function GridCell(props: {
  r: number;
  c: number;
  cell: JsonObject | null;
  sit: LegalCommand | undefined;
  pickable: boolean;
  selected: boolean;
  busy: boolean;
  onClick: (sit: LegalCommand | undefined) => void;
}) {
  const { r, c, cell, sit, pickable, selected, busy } = props;
  const name = cellName([r, c]);
  if (cell === null) {
    return (
      <div className="ga-cell ga-empty" title={`${name}: empty`}>
        <span className="ga-cell-name">{name}</span>
      </div>
    );
  }
  const type = String(cell.type);
  const content = (
    <>
      <span className="ga-cell-name">{name}</span>
      <span className="ga-cell-type">{typeName(type)}</span>
      <span className="ga-cell-card">{String(cell.card)}</span>
      {typeof cell.insect === "string" && (
        <span className="ga-cell-insect">{insectName(cell.insect)}</span>
      )}
      <span className="ga-pawns">
        {cell.ant === true && <span className="ga-ant">ant</span>}
        {cell.cicada === true && <span className="ga-cicada">Cicada</span>}
        {selected && <span className="ga-ant ga-ghost">ant?</span>}
      </span>
    </>
  );
  const cls = `ga-cell ga-${type}${selected ? " ga-selected" : ""}${cell.ant === true ? " ga-has-ant" : ""}`;
  if (sit || pickable) {
    return (
      <button
        type="button"
        className={`${cls} ga-clickable`}
        disabled={busy}
        aria-pressed={pickable ? selected : undefined}
        aria-label={`${name}: ${typeName(type)} ${String(cell.card)}${sit ? ", sit the Cicada here" : selected ? ", ant placed" : ", place an ant"}`}
        onClick={() => props.onClick(sit)}
      >
        {content}
      </button>
    );
  }
  return (
    <div className={cls} title={`${name}: ${typeName(type)} ${String(cell.card)}`}>
      {content}
    </div>
  );
}
