// The 5×5 forest around the witch's cross: tiles, path pieces and ends, the keyhole lens and the witch.
// A tile, an end or the House the seat may act on is a button (Enter or Space acts; a swap takes two).
import type { JsonObject, LegalCommand } from "@playledger/client";
import type { ReactElement } from "react";
import { actionProps } from "../../a11y/keyboard";
import type { ViewOf } from "../types";
import { ForestCell, PathCell } from "./cells";
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
import { cellName, label } from "./words";

type View = ViewOf<"baba-yaga">;

/** What a click on each cell does now: a command, the first or second tile of a swap, or nothing. */
export function useCellActions(props: {
  view: View;
  legal: LegalCommand[];
  busy: boolean;
  swapFrom: string | undefined;
  setSwapFrom: (cell: string | undefined) => void;
  send: (c: LegalCommand) => void;
}) {
  const { view, legal, busy, swapFrom, setSwapFrom, send } = props;
  const forest = new Map(list(view.forest).map((t) => [key(...cellOf(record(t).cell)), record(t)]));
  const house = record(view.house);
  const cellCommand = (r: number, c: number): LegalCommand | undefined =>
    legal.find(
      (cmd) =>
        ["flip_up", "flip_down", "place_house", "move_house"].includes(cmd.commandType) &&
        sameCell(cmd.args.cell, r, c),
    ) ?? legal.find((cmd) => cmd.commandType === "place_witch" && endAt(cmd.args.end, r, c));
  const swaps = legal.filter((c) => c.commandType === "swap_tiles");
  const lift = legal.find((c) => c.commandType === "lift_house");
  const clickCell = (r: number, c: number) => {
    if (swaps.length) {
      const here = key(r, c);
      if (swapFrom === undefined || swapFrom === here) {
        setSwapFrom(swapFrom === here ? undefined : here);
        return;
      }
      const [fr, fc] = swapFrom.split(",").map(Number) as [number, number];
      const swap = swaps.find((s) => sameCell(s.args.a, fr, fc) && sameCell(s.args.b, r, c));
      if (swap) send(swap);
      return;
    }
    const cmd = sameCell(house.cell, r, c) && lift ? lift : cellCommand(r, c);
    if (cmd) send(cmd);
  };
  const clickable = (r: number, c: number): string | undefined => {
    if (busy) return undefined;
    if (swaps.length && forest.has(key(r, c)))
      return swapFrom === undefined
        ? `choose ${cellName([r, c])} to swap`
        : `swap with ${cellName([r, c])}`;
    if (sameCell(house.cell, r, c) && lift) return "lift the House";
    const cmd = cellCommand(r, c);
    return cmd ? label(cmd) : undefined;
  };
  return { forest, clickCell, clickable, swapping: swaps.length > 0 };
}

export function Forest(props: {
  view: View;
  actions: ReturnType<typeof useCellActions>;
  swapFrom: string | undefined;
}) {
  const { view, actions } = props;
  const witch = view.witch === null ? undefined : record(view.witch);
  const path = list(witch?.path).map((c) => cellOf(c));
  const witchAt = witch?.cell ? cellOf(witch.cell) : undefined;
  const lens = view.keyhole === null ? undefined : String(record(view.keyhole).lens);
  const card = view.card === null ? undefined : record(view.card);
  const wanted = new Set(list(card?.ingredients).map(String));
  // The forest's 5×5 square, plus a row or column wherever E-EXTEND's spare tile lies beyond an end.
  const rows = [0, 4, ...path.map(([r]) => r)];
  const cols = [0, 4, ...path.map(([, c]) => c)];
  const box = {
    x: MARGIN + Math.min(...cols) * CELL,
    y: MARGIN + Math.min(...rows) * CELL,
    w: (Math.max(...cols) - Math.min(...cols) + 1) * CELL,
    h: (Math.max(...rows) - Math.min(...rows) + 1) * CELL,
  };
  const quadrant = lens ? QUADRANTS[lens] : undefined;
  return (
    <svg
      viewBox={`${box.x - 6} ${box.y - 6} ${box.w + 12} ${box.h + 12}`}
      role="img"
      aria-label="the forest and the witch's paths"
      className="by-forest"
    >
      {cellsOf(actions, new Set(path.map(([r, c]) => key(r, c))), wanted, props.swapFrom)}
      {quadrant && (
        <rect
          x={MARGIN + quadrant[1] * CELL - 4}
          y={MARGIN + quadrant[0] * CELL - 4}
          width={2 * CELL + 8}
          height={2 * CELL + 8}
          className="by-lens"
        />
      )}
      {witchAt && <Witch at={witchAt} />}
    </svg>
  );
}

function Witch({ at }: { at: [number, number] }) {
  const cx = MARGIN + at[1] * CELL + CELL / 2;
  const cy = MARGIN + at[0] * CELL + CELL / 2;
  return (
    <g className="by-witch" data-testid="witch">
      <circle cx={cx} cy={cy} r={CELL / 3} />
      <text x={cx} y={cy + 5} textAnchor="middle">
        Witch
      </text>
    </g>
  );
}

function cellsOf(
  actions: ReturnType<typeof useCellActions>,
  onPath: Set<string>,
  wanted: Set<string>,
  swapFrom: string | undefined,
): ReactElement[] {
  const cells: ReactElement[] = [];
  for (let r = -1; r <= 5; r++) {
    for (let c = -1; c <= 5; c++) {
      const inside = r >= 0 && r <= 4 && c >= 0 && c <= 4;
      if (!inside && !onPath.has(key(r, c))) continue;
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      const action = actions.clickable(r, c);
      const tile: JsonObject | undefined = actions.forest.get(key(r, c));
      cells.push(
        <g
          key={key(r, c)}
          data-cell={key(r, c)}
          className={[
            "by-cell",
            action ? "clickable" : "",
            swapFrom === key(r, c) ? "selected" : "",
          ].join(" ")}
          {...(action ? actionProps(action, () => actions.clickCell(r, c)) : {})}
        >
          {tile ? (
            <ForestCell tile={tile} x={x} y={y} wanted={wanted} />
          ) : (
            <PathCell
              x={x}
              y={y}
              spare={!inside}
              onPath={onPath.has(key(r, c))}
              end={Object.entries(ENDS).find(([, [er, ec]]) => er === r && ec === c)?.[0]}
              centre={(r === 2 || c === 2) && r === 2 && c === 2}
            />
          )}
        </g>,
      );
    }
  }
  return cells;
}
