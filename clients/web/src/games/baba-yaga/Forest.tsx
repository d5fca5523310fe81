// The 5×5 forest around the witch's cross: tiles, path pieces and ends, the keyhole lens and the witch
// (who walks from cell to cell: a CSS transition, none under prefers-reduced-motion).
// One Tab stop: the arrow keys cross the forest cell by cell (each named by what it shows and what Enter
// does there), Enter or Space acts where the server lists a move; a swap takes two tiles, Escape drops
// the first. A click does the same.
import type { JsonObject, LegalCommand } from "@playledger/client";
import { type ReactElement, useMemo } from "react";
import { type Cell, useRovingGrid } from "../../a11y/keyboard";
import type { EventContext, ViewOf } from "../types";
import { ForestCell, PathCell, tileWords } from "./cells";
import {
  CELL,
  cellOf,
  ENDS,
  endAt,
  key,
  list,
  MARGIN,
  QUADRANTS,
  record,
  sameCell,
} from "./common";
import { cellName, endName, label } from "./words";

type View = ViewOf<"baba-yaga">;
const CELL_MOVES = ["flip_up", "flip_down", "place_house", "move_house"];

/** What Enter or a click on each cell does now: a command, the first or second tile of a swap, or nothing. */
export function useCellActions(props: {
  view: View;
  legal: LegalCommand[];
  busy: boolean;
  swapFrom: string | undefined;
  setSwapFrom: (cell: string | undefined) => void;
  send: (c: LegalCommand) => void;
  ctx: EventContext;
}) {
  const { view, legal, busy, swapFrom, setSwapFrom, send, ctx } = props;
  const forest = new Map(list(view.forest).map((t) => [key(...cellOf(record(t).cell)), record(t)]));
  const house = record(view.house);
  const cellCommand = (r: number, c: number): LegalCommand | undefined =>
    legal.find((cmd) => CELL_MOVES.includes(cmd.commandType) && sameCell(cmd.args.cell, r, c)) ??
    legal.find((cmd) => cmd.commandType === "place_witch" && endAt(cmd.args.end, r, c));
  const swaps = legal.filter((c) => c.commandType === "swap_tiles");
  const lift = legal.find((c) => c.commandType === "lift_house");
  const act = (r: number, c: number) => {
    if (swaps.length) {
      const here = key(r, c);
      if (swapFrom === undefined || swapFrom === here) {
        setSwapFrom(swapFrom === here ? undefined : here);
        return;
      }
      const [fr, fc] = swapFrom.split(",").map(Number) as [number, number];
      const swap = swaps.find(
        (s) =>
          (sameCell(s.args.a, fr, fc) && sameCell(s.args.b, r, c)) ||
          (sameCell(s.args.b, fr, fc) && sameCell(s.args.a, r, c)),
      );
      if (swap) send(swap);
      return;
    }
    const cmd = sameCell(house.cell, r, c) && lift ? lift : cellCommand(r, c);
    if (cmd) send(cmd);
  };
  /** What acting on the cell does, in words; undefined where it does nothing now. */
  const action = (r: number, c: number): string | undefined => {
    if (busy) return undefined;
    if (swaps.length && forest.has(key(r, c))) {
      if (swapFrom === undefined) return ctx.text("swap.first");
      if (swapFrom === key(r, c)) return undefined;
      return ctx.text("swap.second", { cell: cellName(swapFrom.split(",").map(Number)) });
    }
    if (sameCell(house.cell, r, c) && lift) return label(lift, ctx);
    const cmd = cellCommand(r, c);
    return cmd ? label(cmd, ctx) : undefined;
  };
  /** The kind of move acting on the cell makes (for tests and styles), as action() decides. */
  const kind = (r: number, c: number): string | undefined => {
    if (action(r, c) === undefined) return undefined;
    if (swaps.length) return "swap_tiles";
    return sameCell(house.cell, r, c) && lift ? "lift_house" : cellCommand(r, c)?.commandType;
  };
  return { forest, act, action, kind, swapping: swaps.length > 0 };
}

export type CellActions = ReturnType<typeof useCellActions>;

/** The cells drawn, row by row: the 5×5 square and the spare path tile beyond an end, if any. */
function drawnCells(onPath: Set<string>): Cell[] {
  const cells: Cell[] = [];
  for (let row = -1; row <= 5; row++)
    for (let col = -1; col <= 5; col++) {
      const inside = row >= 0 && row <= 4 && col >= 0 && col <= 4;
      if (inside || onPath.has(key(row, col))) cells.push({ row, col });
    }
  return cells;
}

export function Forest(props: {
  view: View;
  actions: CellActions;
  swapFrom: string | undefined;
  ctx: EventContext;
}) {
  const { view, actions, ctx } = props;
  const witch = view.witch === null ? undefined : record(view.witch);
  const path = list(witch?.path).map((c) => cellOf(c));
  const pathKey = path.map(([r, c]) => key(r, c)).join(";");
  const onPath = useMemo(() => new Set(pathKey ? pathKey.split(";") : []), [pathKey]);
  const cells = useMemo(() => drawnCells(onPath), [onPath]);
  const grid = useRovingGrid(cells);
  const witchAt = witch?.cell ? cellOf(witch.cell) : undefined;
  const lens = view.keyhole === null ? undefined : String(record(view.keyhole).lens);
  const card = view.card === null ? undefined : record(view.card);
  const wanted = new Set(list(card?.ingredients).map(String));
  const rows = cells.map((c) => c.row);
  const cols = cells.map((c) => c.col);
  const box = {
    x: MARGIN + Math.min(...cols) * CELL,
    y: MARGIN + Math.min(...rows) * CELL,
    w: (Math.max(...cols) - Math.min(...cols) + 1) * CELL,
    h: (Math.max(...rows) - Math.min(...rows) + 1) * CELL,
  };
  const quadrant = lens ? QUADRANTS[lens] : undefined;
  const drawn = { onPath, wanted, swapFrom: props.swapFrom, witchAt, ctx };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a drawing that holds buttons is a group, not a fieldset
    <svg
      viewBox={`${box.x - 6} ${box.y - 6} ${box.w + 12} ${box.h + 12}`}
      role="group"
      aria-label={ctx.text("forest.label")}
      className="by-forest"
      data-testid="forest"
    >
      {cells.map(({ row, col }) => (
        <ForestSquare
          key={key(row, col)}
          r={row}
          c={col}
          actions={actions}
          grid={grid}
          {...drawn}
        />
      ))}
      {quadrant && (
        <rect
          x={MARGIN + quadrant[1] * CELL - 4}
          y={MARGIN + quadrant[0] * CELL - 4}
          width={2 * CELL + 8}
          height={2 * CELL + 8}
          className="by-lens"
        />
      )}
      {witchAt && <Witch at={witchAt} name={ctx.text("forest.witch")} />}
    </svg>
  );
}

function Witch({ at, name }: { at: [number, number]; name: string }) {
  const cx = MARGIN + at[1] * CELL + CELL / 2;
  const cy = MARGIN + at[0] * CELL + CELL / 2 + 6; // below the end's name
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the figurine holds nothing focusable; its cell's name says where she is
    <g
      className="by-witch"
      data-testid="witch"
      aria-hidden="true"
      style={{ transform: `translate(${cx}px, ${cy}px)` }}
    >
      <circle r={CELL / 3.4} />
      <text y={4} textAnchor="middle">
        {name}
      </text>
    </g>
  );
}

/** One cell: a button of the grid, named by what it shows and what acting on it does. */
function ForestSquare(props: {
  r: number;
  c: number;
  actions: CellActions;
  grid: ReturnType<typeof useRovingGrid>;
  onPath: Set<string>;
  wanted: Set<string>;
  swapFrom: string | undefined;
  witchAt: [number, number] | undefined;
  ctx: EventContext;
}): ReactElement {
  const { r, c, actions, ctx } = props;
  const text = ctx.text;
  const inside = r >= 0 && r <= 4 && c >= 0 && c <= 4;
  const here = key(r, c);
  const action = actions.action(r, c);
  const tile: JsonObject | undefined = actions.forest.get(here);
  const end = Object.entries(ENDS).find(([, [er, ec]]) => er === r && ec === c)?.[0];
  const cell = cellName([r, c]);
  let place = tile
    ? tileWords(tile, text)
    : end
      ? text("tile.end", { cell, end: endName(end, text) })
      : inside
        ? text("tile.path", { cell })
        : text("tile.spare", { cell });
  if (props.witchAt?.[0] === r && props.witchAt?.[1] === c) place = text("tile.witch", { place });
  const selected = props.swapFrom === here;
  const name = selected
    ? text("tile.selected", { place })
    : action
      ? text("tile.action", { place, action })
      : place;
  const x = MARGIN + c * CELL;
  const y = MARGIN + r * CELL;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG cell cannot be a <button>
    <g
      data-cell={here}
      data-move={actions.kind(r, c)}
      className={["by-cell", action ? "clickable" : "", selected ? "selected" : ""].join(" ")}
      role="button"
      aria-label={name}
      aria-disabled={action === undefined && !selected ? true : undefined}
      aria-pressed={actions.swapping && tile ? selected : undefined}
      onClick={action || selected ? () => actions.act(r, c) : undefined}
      {...props.grid.cellProps(r, c, action || selected ? () => actions.act(r, c) : () => {})}
    >
      {tile ? (
        <ForestCell tile={tile} x={x} y={y} wanted={props.wanted} text={text} />
      ) : (
        <PathCell
          x={x}
          y={y}
          spare={!inside}
          onPath={props.onPath.has(here)}
          end={end ? endName(end, text) : undefined}
          text={text}
        />
      )}
      <rect x={x + 1} y={y + 1} width={CELL - 2} height={CELL - 2} rx={12} className="focus-ring" />
    </g>
  );
}
