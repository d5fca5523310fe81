// One space of the round track or the action board: what it gives and costs, whose worker stands on it,
// and whether the server's view says it gains you nothing now; a space the seat may take is a button (one of the
// board's roving group: arrows move between them).
import type { JsonObject, LegalCommand } from "@playledger/client";
import type { useRoving } from "../../a11y/roving";
import { useArrived } from "../../game/motion";
import type { GameText } from "../../i18n/text";
import { actionText } from "./actions";
import { obj } from "./catalog";
import { pressable, SEAT_COLOURS, type SpaceView } from "./common";
import { LOCATION_OF, spaceName } from "./words";

export interface SpaceProps {
  catalog: JsonObject;
  round: number;
  players: string[];
  busy: boolean;
  text: GameText;
  roving: ReturnType<typeof useRoving>;
  onPlace: (command: LegalCommand, space: SpaceView) => void;
}

export function Space(props: SpaceProps & { space: SpaceView; command: LegalCommand | undefined }) {
  const { space, catalog, round, players, command, busy, text } = props;
  const id = space.id;
  const isRound = id.startsWith("R");
  const position = Number(id.slice(1));
  const title = isRound
    ? text(position === round ? "space.roundSpace" : "track.position", { n: position })
    : spaceName(id, text);
  const cost = locationCost(id, catalog, text);
  const worker = space.worker;
  const arrived = useArrived(typeof worker === "number"); // a worker just placed here pops in
  const nothing = command !== undefined && space.gains_nothing === true;
  const body = (
    <>
      <strong>{title}</strong>
      {cost ? <span className="at-cost">{cost}</span> : null}
      {cost ? null : (
        <ul>
          {space.parts.map((a, i) => (
            <li key={space.actions[i] ?? i}>{actionText(a, text)}</li>
          ))}
        </ul>
      )}
      {nothing && <span className="at-nothing">{text("space.nothing")}</span>}
      {typeof worker === "number" && (
        <span
          className={arrived ? "at-worker at-arrived" : "at-worker"}
          style={{ background: SEAT_COLOURS[worker % 4] }}
        >
          {space.placed_in_round !== undefined && space.placed_in_round !== round
            ? text("space.workerSince", {
                name: players[worker] ?? String(worker + 1),
                round: space.placed_in_round,
              })
            : (players[worker] ?? String(worker + 1))}
        </span>
      )}
    </>
  );
  const cls = `at-space${isRound ? " at-round" : ""}${isRound && position === round ? " at-now" : ""}`;
  if (command) {
    return (
      <button
        type="button"
        className={`${cls} at-open`}
        data-space={id}
        data-nothing={nothing || undefined}
        {...props.roving(id)}
        {...pressable(busy, () => props.onPlace(command, space))}
      >
        <span className="visually-hidden">{text("space.place")} </span>
        {body}
      </button>
    );
  }
  return (
    <div className={cls} data-space={id}>
      {body}
    </div>
  );
}

/** A location space's price in words: points, huts, trees and gold (left or right space). */
function locationCost(id: string, catalog: JsonObject, text: GameText): string | undefined {
  const location = /^(FA|SE|VI|TO)_(L|R)$/.exec(id);
  if (!location) return undefined;
  const info = obj(obj(catalog.locations)[LOCATION_OF[location[1] ?? ""] ?? ""]);
  if (info.points === undefined) return undefined;
  const gold = location[2] === "R" ? info.cost_gold_right : info.cost_gold_left;
  return text("space.cost", {
    points: Number(info.points),
    huts: Number(info.huts),
    trees: Number(info.cost_trees),
    gold: Number(gold),
  });
}
