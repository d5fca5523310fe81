// Antics! in words: a sentence per event, a label per command, and the board's fixed layout (spec §9.2).
import type { GameEvent, JsonValue, LegalCommand } from "@playledger/client";
import { who } from "../generic";
import type { EndWords, EventContext, ViewOf } from "../types";

/** Paths of the meadow: id -> [node, node, terrain or null for a bridge]. */
export const SEGMENTS: [string, string, string, string | null][] = [
  ["S01", "NEST", "I1", "GRASS"],
  ["S02", "NEST", "I2", "SAND"],
  ["S03", "NEST", "I3", "PEBBLES"],
  ["S04", "NEST", "I4", "MOSS"],
  ["S05", "NEST", "I5", "LITTER"],
  ["S06", "NEST", "I6", "SAND"],
  ["S07", "I1", "I2", "MOSS"],
  ["S08", "I2", "I3", "LITTER"],
  ["S09", "I3", "I4", "GRASS"],
  ["S10", "I4", "I5", "SAND"],
  ["S11", "I5", "I6", "PEBBLES"],
  ["S12", "I6", "I1", "LITTER"],
  ["S13", "I1", "O1", "PEBBLES"],
  ["S14", "I2", "O2", "MOSS"],
  ["S15", "I3", "O3", "LITTER"],
  ["S16", "I4", "O4", "GRASS"],
  ["S17", "I5", "O5", "SAND"],
  ["S18", "I6", "O6", "MOSS"],
  ["S19", "O1", "P1", "SAND"],
  ["S20", "O2", "P2", "GRASS"],
  ["S21", "O3", "P3", "MOSS"],
  ["S22", "O4", "P4", "PEBBLES"],
  ["S23", "O5", "P5", "LITTER"],
  ["S24", "O6", "P6", "GRASS"],
  ["S25", "I1", "LB1", "LITTER"],
  ["S26", "I2", "LB2", "PEBBLES"],
  ["S27", "I3", "LB3", "SAND"],
  ["S28", "I4", "LB4", "LITTER"],
  ["S29", "I5", "LB5", "MOSS"],
  ["S30", "O2", "LG1", "SAND"],
  ["S31", "O3", "LG2", "GRASS"],
  ["S32", "O4", "LG3", "MOSS"],
  ["S33", "O5", "LG4", "PEBBLES"],
  ["S34", "O6", "LG5", "PEBBLES"],
  ["S35", "O1", "O2", "GRASS"],
  ["S36", "O3", "O4", "SAND"],
  ["S37", "O5", "O6", "MOSS"],
  ["X1", "I2", "P2", null],
  ["X2", "I4", "P4", null],
  ["X3", "I6", "P6", null],
];

export const TERRAIN_COLOR: Record<string, string> = {
  GRASS: "#5a9e3a",
  SAND: "#d8b45a",
  PEBBLES: "#8c8c8c",
  MOSS: "#2f6f4f",
  LITTER: "#9a6a3a",
  MILITARY: "#7a2e2e",
};
export const SEAT_COLOR = ["#c62828", "#1565c0", "#b8860b", "#2e7d32"];
export const SEAT_NAME = ["red", "blue", "yellow", "green"];

const WORD: Record<string, string> = {
  SCOUT: "Scout",
  BUILD: "Build",
  HATCH: "Hatch",
  ANTS: "Ants!",
  DRAG: "Drag",
  FUNGUS: "Fungus",
  BROWN_LEAF: "brown leaf",
  GREEN_LEAF: "green leaf",
  PREY: "a prey token",
  HATCHERY: "a hatchery",
  CHOICE: "prey or a hatchery",
  TILES_OUT: "the tiles ran out",
  PREY_EXHAUSTED: "four prey types are gone",
  FINAL_TURNS: "everyone had a last turn",
  STALEMATE: "a whole round passed without an action",
  TURN_LIMIT: "the turn limit",
};

export function name(value: JsonValue | undefined): string {
  const s = String(value);
  return WORD[s] ?? s.charAt(0) + s.slice(1).toLowerCase();
}

function seatOf(value: JsonValue | undefined): number | undefined {
  return typeof value === "number" ? value : undefined;
}

export function label(command: LegalCommand): string {
  if (command.label) return command.label;
  const a = command.args;
  switch (command.commandType) {
    case "use_hex":
      return `Use your hex at (${String(a.q)}, ${String(a.r)})`;
    case "use_magnific_ant":
      return `MagnificANT: ${name(a.action)} at level 1`;
    case "scout_tile":
      return `Take the tile in row ${String(a.row)}, column ${String(a.column)}`;
    case "build_tile":
      return `Build tile ${String(a.tile)} on (${String(a.q1)}, ${String(a.r1)}) + (${String(a.q2)}, ${String(a.r2)})`;
    case "hatch_ant":
      return `Hatch an ant into ${name(a.hatchery)}`;
    case "deploy_ant":
      return `Put an ant from ${name(a.hatchery)} on path ${String(a.segment)}`;
    case "recall_ant":
      return `Recall your ant from ${String(a.segment)}`;
    case "pick_up_token":
      return `Pick up the token on ${String(a.site)} (ant on ${String(a.segment)})`;
    case "pass_token":
      return `Pass the token from ${String(a.from_segment)} to ${String(a.to_segment)}`;
    case "deliver_token":
      return `Deliver the token on ${String(a.segment)} home`;
    case "finish_action":
      return "Finish this action";
    case "steal":
      return `Steal from seat ${String(a.victim)} on ${String(a.segment)}`;
    case "end_turn":
      return "End your turn";
    case "feed_prey":
      return `The anteater eats a prey token from ${String(a.site)}`;
    case "feed_hatchery":
      return `The anteater eats the ${name(a.hatchery)} hatchery`;
    default:
      return command.commandType;
  }
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const s = (v: JsonValue | undefined) => who(seatOf(v), ctx) || "Someone";
  switch (event.type) {
    case "GameStarted":
      return `The meadow is stocked; ${s(d.start_seat)} start${d.start_seat === ctx.mySeat ? "" : "s"}.`;
    case "TilesDrawn":
      return `${Array.isArray(d.placements) ? d.placements.length : 0} tiles are drawn into the display.`;
    case "TurnStarted":
      return `${s(d.seat)}: turn ${d.final_turns_left == null ? "" : "(a last one) "}with ${String(d.actions)} action${d.actions === 1 ? "" : "s"}.`;
    case "ActionTaken":
      return `${s(d.seat)} take${d.seat === ctx.mySeat ? "" : "s"} ${name(d.action)} at level ${String(d.level)}${d.q == null ? " with the magnificANT" : ""}.`;
    case "TileScouted":
      return `${s(d.seat)} scouted the tile in row ${String(d.row)}, column ${String(d.column)}.`;
    case "TileBuilt":
      return `${s(d.seat)} built a tile at level ${String(d.level)}.`;
    case "AntHatched":
      return `${s(d.seat)} hatched an ant into ${name(d.hatchery)}.`;
    case "AntDeployed":
      return `${s(d.seat)} put ${d.soldier ? "a soldier" : "an ant"} on path ${String(d.segment)}.`;
    case "AntRecalled":
      return `${s(d.seat)} recalled an ant from ${String(d.segment)}.`;
    case "TokenPickedUp":
      return `${s(d.seat)} picked up a ${name(d.token).toLowerCase()} at ${String(d.site)}.`;
    case "TokenPassed":
      return `${s(d.seat)} passed a ${name(d.token).toLowerCase()} to ${String(d.to_segment)}.`;
    case "TokenDelivered":
      return `${s(d.seat)} brought a ${name(d.token).toLowerCase()} home.`;
    case "TokenStolen":
      return `${s(d.seat)} stole a ${name(d.token).toLowerCase()} from ${s(d.victim)} on ${String(d.segment)}.`;
    case "PreyExhausted":
      return `No ${name(d.prey).toLowerCase()} is left on the meadow.`;
    case "ActionFinished":
      return `${s(d.seat)} finished ${name(d.action)}.`;
    case "TurnEnded":
      return `${s(d.seat)} ended the turn.`;
    case "DisplayCompacted":
      return "The display closes up; the anteaters move forward.";
    case "AnteaterArrived":
      return `The anteater of row ${String(d.row)} arrives: it eats ${name(d.meal).toLowerCase()}.`;
    case "PreyEaten":
      return `The anteater ate a ${name(d.prey).toLowerCase()} from ${String(d.site)}.`;
    case "HatcheryEaten":
      return `The anteater emptied the ${name(d.hatchery)} hatchery.`;
    case "AnteaterReturned":
      return `The anteater goes back to the end of row ${String(d.row)}.`;
    case "EndTriggered":
      return `The end is near (${name(d.reason)}): everyone has one more turn.`;
    case "GameFinished": {
      const won = Array.isArray(d.winners) ? d.winners.map((w) => s(w)) : [];
      return `The game is over (${name(d.reason)}): ${won.join(" and ")} win${won.length === 1 && won[0] !== "You" ? "s" : ""}.`;
    }
    case "SeedRevealed":
      return "The seed is revealed: anyone can now check every draw of this game.";
    default:
      return event.type;
  }
}

/** Why the game ended (the final turns say what triggered them); equal scores: the higher ant-hill. */
export function endWords(view: ViewOf<"antics">): EndWords {
  const reason = view.end_reason;
  if (!reason) return {};
  const trigger = reason === "FINAL_TURNS" && view.trigger ? view.trigger : "NONE";
  return {
    reason: { key: `end.${reason}`, values: { trigger } },
    tieBreak: { key: "tie.height" },
  };
}
