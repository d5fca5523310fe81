// The race track: start, eleven tiles (streams and Turbo tokens marked), the finish, and the five pawns;
// a pawn the seat may move is a button (Turbo).
import type { LegalCommand } from "@playledger/client";
import { actionProps } from "../../a11y/keyboard";
import type { ViewOf } from "../types";
import { ANIMALS, type Animal, animalName, COLOR } from "./words";

const TILES = 11;
const FINISH = TILES + 1;

export function Track(props: {
  view: ViewOf<"hare-and-tortoise">;
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
}) {
  const { view, legal, busy, send } = props;
  const streams = new Set(view.streams);
  const moves = legal.filter((c) => c.commandType === "move_animal");
  const width = 40 + (FINISH + 1) * 64;
  return (
    <svg viewBox={`0 0 ${width} 190`} role="img" aria-label="the race track" className="track">
      {Array.from({ length: FINISH + 1 }, (_, pos) => {
        const x = 20 + pos * 64;
        const label = pos === 0 ? "start" : pos === FINISH ? "finish" : String(pos);
        const stream = streams.has(pos);
        const turbo = view.turbo_tokens[String(pos)];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: track positions are the keys
          <g key={pos}>
            <rect
              x={x}
              y={20}
              width={58}
              height={150}
              rx={6}
              className={
                pos === 0 || pos === FINISH ? "tile line" : stream ? "tile stream" : "tile"
              }
            />
            <text x={x + 29} y={40} textAnchor="middle" className="tile-label">
              {label}
            </text>
            {stream && (
              <text x={x + 29} y={162} textAnchor="middle" className="tile-note">
                stream
              </text>
            )}
            {turbo !== undefined && (
              <text x={x + 29} y={162} textAnchor="middle" className="tile-note">
                turbo: {animalName(turbo)}
              </text>
            )}
          </g>
        );
      })}
      {ANIMALS.map((animal, i) => (
        <Pawn
          key={animal}
          animal={animal}
          row={i}
          pos={view.positions[animal] ?? 0}
          move={moves.find((m) => m.args.animal === animal)}
          busy={busy}
          send={send}
        />
      ))}
    </svg>
  );
}

function Pawn(props: {
  animal: Animal;
  row: number;
  pos: number;
  move: LegalCommand | undefined;
  busy: boolean;
  send: (c: LegalCommand) => void;
}) {
  const { animal, move } = props;
  const x = 20 + props.pos * 64 + 29;
  const y = 58 + props.row * 20;
  return (
    <g
      className={move ? "pawn movable" : "pawn"}
      {...(move && !props.busy
        ? actionProps(`move the ${animalName(animal)}`, () => props.send(move))
        : {})}
    >
      <circle cx={x} cy={y} r={9} fill={COLOR[animal]} />
      <text x={x + 13} y={y + 4} className="pawn-label">
        {animalName(animal)}
      </text>
    </g>
  );
}
