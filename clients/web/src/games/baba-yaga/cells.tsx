// One cell of the forest drawing: a Forest tile (face down with its clue, face up with its ingredient,
// the House, out of sight) or a piece of the witch's path; and the last round's result in words.
import type { JsonObject, JsonValue } from "@playledger/client";
import { CELL, list, record } from "./common";
import { cardName, cellName, ingredientName } from "./words";

export function ForestCell(props: { tile: JsonObject; x: number; y: number; wanted: Set<string> }) {
  const { tile, x, y } = props;
  const inSight = tile.in_sight !== false;
  const up = tile.face_up === true;
  const ingredient = tile.ingredient === null ? undefined : String(tile.ingredient);
  const state = !inSight
    ? "dark"
    : tile.house === true
      ? "house"
      : up
        ? props.wanted.has(ingredient ?? "")
          ? "right"
          : "wrong"
        : ingredient
          ? "shown"
          : "down";
  const words = !inSight
    ? ["out of", "sight"]
    : tile.house === true
      ? ["House"]
      : ingredient
        ? split(ingredientName(ingredient))
        : split(String(tile.clue ?? "").replace(/-/g, " "));
  return (
    <>
      <rect
        x={x + 3}
        y={y + 3}
        width={CELL - 6}
        height={CELL - 6}
        rx={10}
        className={`by-tile ${state}`}
      />
      {words.map((w, i) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one label
          key={i}
          x={x + CELL / 2}
          y={y + CELL / 2 + (i - (words.length - 1) / 2) * 15 + 4}
          textAnchor="middle"
          className={state === "down" || state === "dark" ? "by-clue" : "by-name"}
        >
          {w}
        </text>
      ))}
      <text x={x + 8} y={y + 16} className="by-coord">
        {cellName([Number(list(tile.cell)[0]), Number(list(tile.cell)[1])])}
      </text>
    </>
  );
}

export function PathCell(props: {
  x: number;
  y: number;
  onPath: boolean;
  spare: boolean;
  end: string | undefined;
  centre: boolean;
}) {
  const { x, y } = props;
  return (
    <>
      <rect
        x={x + 3}
        y={y + 3}
        width={CELL - 6}
        height={CELL - 6}
        rx={CELL / 2}
        className={`by-path${props.onPath ? " on" : ""}${props.spare ? " spare" : ""}`}
      />
      {props.end && (
        <text x={x + CELL / 2} y={y + 16} textAnchor="middle" className="by-coord">
          {props.end}
        </text>
      )}
      {props.spare && (
        <text x={x + CELL / 2} y={y + CELL - 10} textAnchor="middle" className="by-coord">
          spare
        </text>
      )}
    </>
  );
}

function split(text: string): string[] {
  const words = text.split(" ");
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + w.length < 9) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines.slice(0, 3);
}

export function LastRound(props: { round: unknown; name: (s: JsonValue | undefined) => string }) {
  if (props.round === null || props.round === undefined) return null;
  const r = record(props.round);
  const found = list(r.correct).map(ingredientName).join(", ") || "nothing";
  return (
    <p className="by-last" data-testid="last-round">
      Last round: {props.name(r.seat)} {r.cast === true ? `cast ${cardName(r.card)}` : "failed"} —
      found {found}
      {list(r.wrong).length ? `; wrong: ${list(r.wrong).map(ingredientName).join(", ")}` : ""} (
      {String(r.required)} needed).
    </p>
  );
}
