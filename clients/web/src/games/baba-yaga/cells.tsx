// One cell of the forest drawing: a Forest tile (face down with its clue, face up with its ingredient,
// the House, out of sight) or a piece of the witch's path; and the last round's result in words.
import type { JsonObject } from "@playledger/client";
import { useTurned } from "../../game/motion";
import type { GameText } from "../../i18n/text";
import type { EventContext } from "../types";
import { CELL, list, record } from "./common";
import { cardName, cellName, clueName, ingredientName, ingredientNames, seatValues } from "./words";

/** What a tile shows: out of sight, the House, right or wrong face up, an ingredient shown, or its clue. */
export function tileState(tile: JsonObject, wanted: Set<string>): string {
  const ingredient = tile.ingredient === null ? undefined : String(tile.ingredient);
  if (tile.in_sight === false) return "dark";
  if (tile.house === true && !ingredient) return "house";
  if (tile.face_up === true) return wanted.has(ingredient ?? "") ? "right" : "wrong";
  return ingredient ? "shown" : "down";
}

/** A tile in words, for its name to a screen reader: "B4, lily pad", "B4, Frog, face up". */
export function tileWords(tile: JsonObject, text: GameText): string {
  const cell = cellName(tile.cell);
  const state = tileState(tile, new Set());
  if (state === "dark") return text("tile.dark", { cell });
  // The name begins with the words the tile shows, in their order (the cell, then "House").
  if (state === "house") return text("tile.house", { cell, house: text("forest.house") });
  const ingredient = ingredientName(tile.ingredient, text);
  if (tile.face_up === true) return text("tile.up", { cell, ingredient });
  if (tile.house === true) return text("tile.houseOver", { cell, ingredient });
  if (state === "shown") return text("tile.shown", { cell, ingredient });
  return text("tile.down", { cell, clue: clueName(tile.clue, text) });
}

export function ForestCell(props: {
  tile: JsonObject;
  x: number;
  y: number;
  wanted: Set<string>;
  text: GameText;
}) {
  const { tile, x, y, text } = props;
  const state = tileState(tile, props.wanted);
  const words =
    state === "dark"
      ? split(text("forest.outOfSight"))
      : state === "house"
        ? [text("forest.house")]
        : tile.ingredient !== null && tile.ingredient !== undefined
          ? split(ingredientName(tile.ingredient, text))
          : split(clueName(tile.clue, text));
  // A tile turned (its ingredient shown or hidden again) flips: its drawing is remounted under the new face
  // and plays a CSS animation once; not when the page first draws the forest.
  const face = state === "down" || state === "dark" ? "back" : "front";
  const turned = useTurned(face);
  return (
    <g key={face} className={turned ? "by-flip" : undefined}>
      <rect
        x={x + 3}
        y={y + 3}
        width={CELL - 6}
        height={CELL - 6}
        rx={10}
        className={`by-tile ${state}`}
      />
      {/* The visible words in the order of the cell's name, each followed by a space (axe reads them joined) */}
      <text x={x + 8} y={y + 16} className="by-coord">
        {cellName([Number(list(tile.cell)[0]), Number(list(tile.cell)[1])])}{" "}
      </text>
      {words.map((w, i) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one label
          key={i}
          x={x + CELL / 2}
          y={y + CELL / 2 + (i - (words.length - 1) / 2) * 14 + 6}
          textAnchor="middle"
          className={`${state === "down" || state === "dark" ? "by-clue" : "by-name"}${w.length > 9 ? " by-long" : ""}`}
          // A long word is set smaller, the longest squeezed, rather than spill over the next tile or the page.
          {...(w.length > 11 ? { textLength: CELL - 12, lengthAdjust: "spacingAndGlyphs" } : {})}
        >
          {w}{" "}
        </text>
      ))}
    </g>
  );
}

export function PathCell(props: {
  x: number;
  y: number;
  onPath: boolean;
  spare: boolean;
  end: string | undefined;
  text: GameText;
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
        <text x={x + CELL / 2} y={y + 15} textAnchor="middle" className="by-coord">
          {props.end}{" "}
        </text>
      )}
      {props.spare && (
        <text x={x + CELL / 2} y={y + CELL - 10} textAnchor="middle" className="by-coord">
          {props.text("forest.spare")}{" "}
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
    if (last !== undefined && last.length + w.length < 8) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines.slice(0, 4); // four short lines fit a tile; the cell's name says it all to a screen reader
}

export function LastRound(props: { round: unknown; ctx: EventContext }) {
  if (props.round === null || props.round === undefined) return null;
  const { text } = props.ctx;
  const r = record(props.round);
  const values = {
    ...seatValues(r.seat, props.ctx),
    found: ingredientNames(r.correct, text) || text("last.nothing"),
    required: Number(r.required),
  };
  return (
    <p className="by-last" data-testid="last-round">
      {r.cast === true
        ? text("last.cast", { ...values, card: cardName(r.card, text) })
        : text("last.failed", { ...values, wrong: ingredientNames(r.wrong, text) || "none" })}
    </p>
  );
}
