// One space of the round track or the action board: what it gives and costs, whose worker stands on it; a
// space the seat may take is a button.
import type { JsonObject, LegalCommand } from "@playledger/client";
import { arr, obj } from "./catalog";
import { SEAT_COLOURS } from "./common";
import { label } from "./words";

export function Space({
  space,
  catalog,
  round,
  players,
  command,
  busy,
  onCommand,
}: {
  space: JsonObject;
  catalog: JsonObject;
  round: number;
  players: string[];
  command: LegalCommand | undefined;
  busy: boolean;
  onCommand: (c: LegalCommand) => void;
}) {
  const id = String(space.id);
  const isRound = id.startsWith("R");
  const position = Number(id.slice(1));
  const entry = obj(obj(catalog.spaces)[id]);
  const title = isRound
    ? position === round
      ? `Round space ${position}`
      : `Position ${position}`
    : `${String(entry.name ?? id)}`;
  const actions = arr(space.actions).map(String);
  const cost = locationCost(id, catalog);
  const worker = space.worker;
  const body = (
    <>
      <span className="at-space-id">
        {id}
        {isRound && space.tile ? ` · tile ${String(space.tile)}` : ""}
      </span>
      <strong>{title}</strong>
      {cost ? <span className="at-cost">{cost}</span> : null}
      <ul>
        {actions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {typeof worker === "number" && (
        <span className="at-worker" style={{ background: SEAT_COLOURS[worker % 4] }}>
          {players[worker] ?? `seat ${worker}`}
          {space.placed_in_round !== undefined && space.placed_in_round !== round
            ? ` (round ${String(space.placed_in_round)})`
            : ""}
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
        disabled={busy}
        aria-label={label(command)}
        data-space={id}
        onClick={() => onCommand(command)}
      >
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
function locationCost(id: string, catalog: JsonObject): string | undefined {
  const location = id.match(/^(FA|SE|VI|TO)_(L|R)$/);
  if (!location) return undefined;
  const kind = { FA: "FARM", SE: "SETTLEMENT", VI: "VILLAGE", TO: "TOWN" }[location[1] ?? ""] ?? "";
  const info = obj(obj(catalog.locations)[kind]);
  if (info.points === undefined) return undefined;
  const gold = location[2] === "R" ? info.cost_gold_right : info.cost_gold_left;
  return `${String(info.points)} points · ${String(info.huts)} huts · costs ${String(info.cost_trees)} trees + ${String(gold)} gold`;
}
