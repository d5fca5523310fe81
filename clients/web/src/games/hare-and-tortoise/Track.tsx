// The race track: start, eleven tiles (streams and Turbo tokens marked), the finish, and the five pawns,
// each named with where it stands. A pawn the seat may move (Turbo) is a button; the movable pawns are
// one Tab stop crossed with the arrow keys. A pawn slides to its new tile (a CSS transition, none under
// prefers-reduced-motion) and keeps a ring until the next move, so the last move shows on the board.
import type { LegalCommand } from "@playledger/client";
import { useId, useMemo, useRef } from "react";
import { useRovingGrid } from "../../a11y/keyboard";
import { type GameText, useGameText } from "../../i18n/text";
import type { ViewOf } from "../types";
import { ANIMALS, type Animal, animalName, COLOR, joinNames, RULES } from "./words";

const TILES = 11;
const FINISH = TILES + 1;

/** Where a pawn stands, in words: "at the start", "tile 4", "past the finish". */
function place(pos: number, text: GameText): string {
  return text("track.place", {
    where: pos <= 0 ? "start" : pos >= FINISH ? "finish" : "tile",
    tile: pos,
  });
}

export function Track(props: {
  view: ViewOf<"hare-and-tortoise">;
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
}) {
  const { view, legal, busy, send } = props;
  const text = useGameText(RULES);
  const id = useId();
  const streams = new Set(view.streams);
  const moves = legal.filter((c) => c.commandType === "move_animal");
  const movable = ANIMALS.filter((a) => moves.some((m) => m.args.animal === a));
  const count = movable.length;
  const cells = useMemo(
    () => Array.from({ length: count }, (_, col) => ({ row: 0, col })),
    [count],
  );
  const { cellProps } = useRovingGrid(cells);
  const moved = useLastMoved(view.positions);
  const width = 80 + (FINISH + 1) * 64; // room past the finish for the names of the pawns there
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawing that holds buttons (Turbo) is a group, not a fieldset */}
      <svg
        viewBox={`0 0 ${width} 210`}
        role="group"
        aria-label={text("track.label")}
        aria-describedby={`${id}-about`}
        className="track"
      >
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the tiles hold nothing focusable; their words are in the description */}
        <g aria-hidden="true">
          {Array.from({ length: FINISH + 1 }, (_, pos) => (
            <Tile
              // biome-ignore lint/suspicious/noArrayIndexKey: track positions are the keys
              key={pos}
              pos={pos}
              stream={streams.has(pos)}
              turbo={view.turbo_tokens[String(pos)]}
              text={text}
            />
          ))}
        </g>
        {ANIMALS.map((animal, row) => {
          const move = moves.find((m) => m.args.animal === animal);
          const col = movable.indexOf(animal);
          const pos = view.positions[animal] ?? 0;
          const where = place(pos, text);
          const act = move && !busy ? () => send(move) : undefined;
          return (
            <Pawn
              key={animal}
              animal={animal}
              row={row}
              pos={pos}
              moved={moved.has(animal)}
              name={animalName(animal, text)}
              button={
                act
                  ? {
                      ...cellProps(0, col, act),
                      role: "button",
                      "aria-label": text("pawn.move", { animal: animalName(animal, text), where }),
                      onClick: act,
                    }
                  : undefined
              }
              label={text("pawn.at", { animal: animalName(animal, text), where })}
            />
          );
        })}
      </svg>
      <About id={`${id}-about`} view={view} text={text} />
    </>
  );
}

/** The track in words for screen readers: where the streams and the Turbo tokens are. */
function About(props: { id: string; view: ViewOf<"hare-and-tortoise">; text: GameText }) {
  const { view, text } = props;
  const tokens = Object.entries(view.turbo_tokens).map(([tile, a]) =>
    text("track.token", { tile: Number(tile), animal: animalName(a, text) }),
  );
  return (
    <p id={props.id} className="visually-hidden">
      {text("track.streams", { tiles: joinNames(view.streams.map(String), text) })}
      {tokens.length > 0 && ` ${text("track.tokens", { tokens: tokens.join(", ") })}`}
    </p>
  );
}

function Tile(props: { pos: number; stream: boolean; turbo: string | undefined; text: GameText }) {
  const { pos, stream, turbo, text } = props;
  const x = 20 + pos * 64;
  const line = pos === 0 || pos === FINISH;
  const label = pos === 0 ? text("track.start") : pos === FINISH ? text("track.finish") : pos;
  return (
    <g>
      <rect
        x={x}
        y={20}
        width={58}
        height={170}
        rx={6}
        className={line ? "tile line" : stream ? "tile stream" : "tile"}
      />
      <text
        x={x + 29}
        y={40}
        textAnchor="middle"
        className={line ? "tile-label line" : "tile-label"}
      >
        {label}
      </text>
      {stream && (
        <text x={x + 29} y={182} textAnchor="middle" className="tile-note">
          {text("track.stream")}
        </text>
      )}
      {turbo !== undefined && (
        <text x={x + 29} y={156} textAnchor="middle" className="tile-note">
          <tspan x={x + 29}>{text("track.turbo")}</tspan>
          <tspan x={x + 29} dy={12}>
            {animalName(turbo, text)}
          </tspan>
        </text>
      )}
    </g>
  );
}

/** The pawns whose tile changed with the latest view (empty on the first view): the last move's pawns. */
function useLastMoved(positions: Record<string, number>): Set<string> {
  const last = useRef<{ positions: Record<string, number>; moved: Set<string> } | null>(null);
  const previous = last.current;
  if (previous === null) {
    last.current = { positions, moved: new Set() };
  } else if (previous.positions !== positions) {
    const changed = new Set(
      ANIMALS.filter((a) => (previous.positions[a] ?? 0) !== (positions[a] ?? 0)),
    );
    // a view that moved no pawn (a bet, a card drawn) keeps the ring on the last pawns that moved
    last.current = { positions, moved: changed.size > 0 ? changed : previous.moved };
  }
  return last.current?.moved ?? new Set();
}

function Pawn(props: {
  animal: Animal;
  row: number;
  pos: number;
  moved: boolean;
  name: string;
  label: string;
  button: Record<string, unknown> | undefined;
}) {
  const { animal, button } = props;
  const x = 20 + Math.min(props.pos, FINISH) * 64 + 29;
  const y = 58 + props.row * 20;
  const classes = ["pawn", button ? "movable" : "", props.moved ? "moved" : ""].filter(Boolean);
  return (
    <g
      className={classes.join(" ")}
      style={{ transform: `translate(${x}px, ${y}px)` }}
      {...(button ?? { role: "img", "aria-label": props.label })}
    >
      <circle className="moved-ring" r={15} />
      <circle className="focus-ring" r={13} />
      <circle r={9} fill={COLOR[animal]} />
      <text x={13} y={4} className="pawn-label">
        {props.name}
      </text>
    </g>
  );
}
