// The Grasshopper & the Ant in words: path types, cells, one sentence per event, command labels.
// Names and prices come from the game type's catalog (ListGameTypes) once it has loaded.
import type { GameEvent, JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { genericLabel, who } from "../generic";
import type { EndWords, EventContext, ViewOf } from "../types";

export const PATH_TYPES = ["TC", "TL", "ST", "WD"] as const;
const TYPE_NAMES: Record<string, string> = {
  TC: "Tablecloth",
  TL: "Tiled floor",
  ST: "Stone",
  WD: "Wood",
};

/** The catalog of this game type, filled in by the board once ListGameTypes answered. */
let catalog: JsonObject = {};
export function setCatalog(found: JsonObject): void {
  catalog = found;
}
function record(value: unknown): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}
export function list(value: unknown): JsonValue[] {
  return Array.isArray(value) ? (value as JsonValue[]) : [];
}
export function strings(value: unknown): string[] {
  return list(value).map(String);
}

export function typeName(type: JsonValue | undefined): string {
  const t = String(type);
  return String(record(catalog.path_types)[t] ?? TYPE_NAMES[t] ?? t);
}
/** A path card's type, from the catalog or its id (TC-07 is a Tablecloth card). */
export function cardType(card: string): string {
  return String(record(record(catalog.path_cards)[card]).type ?? card.split("-")[0]);
}
export function cardInsect(card: string): string | undefined {
  const insect = record(record(catalog.path_cards)[card]).insect;
  return typeof insect === "string" ? insect : undefined;
}
export function insectName(insect: JsonValue | undefined): string {
  const i = String(insect);
  return String(record(catalog.insects)[i] ?? i.charAt(0) + i.slice(1).toLowerCase());
}
export interface ProvisionInfo {
  name: string;
  price: string[];
  kind: string;
}
export function provision(card: string): ProvisionInfo {
  const p = record(record(catalog.provisions)[card]);
  return {
    name: typeof p.name === "string" ? p.name : card,
    price: strings(p.price),
    kind: typeof p.kind === "string" ? p.kind : card.replace(/-\d+$/, ""),
  };
}
export function powerInfo(power: string): { name: string; effect: string } {
  const p = record(record(catalog.powers)[power]);
  return {
    name: typeof p.name === "string" ? p.name : power,
    effect: typeof p.effect === "string" ? p.effect : "",
  };
}
/** Points one insect kind scores with `n` cards of it (catalog insect_points; GA-91). */
export function insectPoints(n: number): number {
  const table = list(catalog.insect_points).map(Number);
  const points = table.length ? table : [0, 1, 3, 6, 10];
  return points[Math.min(n, points.length - 1)] ?? 0;
}
export function cellName(cell: JsonValue | undefined): string {
  const [r, c] = list(cell).map(Number);
  return r === undefined || c === undefined ? "?" : `${"ABCD"[c] ?? c}${r + 1}`;
}
function cards(value: JsonValue | undefined): string {
  const found = strings(value);
  return found.length ? found.join(", ") : "nothing";
}

export function label(command: LegalCommand): string {
  if (command.label) return command.label;
  const a = command.args;
  switch (command.commandType) {
    case "place_ants":
      return `ants on ${list(a.cells).map(cellName).join(" ")}`;
    case "choose_marker":
      return `collect ${typeName(a.path_type)}`;
    case "red_ant_guess":
      return `guess ${typeName(a.path_type)}`;
    case "place_cicada":
      return `Cicada on ${cellName(a.cell)}`;
    default:
      return genericLabel(command);
  }
}

const END_REASONS: Record<string, string> = {
  two_full_shelves: "someone filled two shelves",
  deck_short: "the deck could not rebuild the grid",
  four_vp: "someone reached 4 victory points",
  market_empty: "the provisions ran out",
  grid_not_refilled: "the grid could not be refilled",
};
export function endReason(reason: JsonValue | undefined): string {
  return END_REASONS[String(reason)] ?? String(reason);
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const subject = (seat: JsonValue | undefined) =>
    who(typeof seat === "number" ? seat : undefined, ctx) || "Someone";
  const verb = (seat: JsonValue | undefined, mine: string, theirs: string) =>
    seat === ctx.mySeat ? mine : theirs;
  switch (event.type) {
    case "GameSetUp":
      return `The 16 path cards are laid out (${String(d.mode)}); ${subject(d.ant)} ${verb(d.ant, "are", "is")} the Ant, ${d.cicada === ctx.mySeat ? "you" : subject(d.cicada)} the Cicada.`;
    case "RoundStarted":
      return `Round ${String(d.round)}: ${subject(d.ant)} ${verb(d.ant, "are", "is")} the Ant, ${d.cicada === ctx.mySeat ? "you" : subject(d.cicada)} the Cicada.`;
    case "AntsPlaced":
      return `${subject(d.seat)} placed the 6 ants on ${list(d.cells).map(cellName).join(" ")}.`;
    case "MarkerChosen":
      return d.path_type === null || d.path_type === undefined
        ? `${subject(d.seat)} chose a secret marker.`
        : `${subject(d.seat)} chose ${typeName(d.path_type)} in secret.`;
    case "MarkerPeeked":
      return d.path_type === null || d.path_type === undefined
        ? `${subject(d.seat)} peeked at face-down marker ${Number(d.slot) + 1}.`
        : `${subject(d.seat)} peeked: marker ${Number(d.slot) + 1} is ${typeName(d.path_type)}, not the Ant's.`;
    case "CicadaPlaced":
      return `${subject(d.seat)} sat the Cicada on ${cellName(d.cell)}.`;
    case "MarkersRevealed":
      return `The Ant's marker was ${typeName(d.ant_marker)}: the Cicada guessed ${d.cicada_right ? "right" : "wrong"}, so ${d.collector === ctx.mySeat ? "you" : subject(d.collector)} collect${verb(d.collector, "", "s")} ${cards(d.cards)}.`;
    case "PantryFilled":
      return `${subject(d.seat)} moved the ${typeName(d.shelf)} cube to ${String(d.position)}${Number(d.lost) > 0 ? ` (${String(d.lost)} card${Number(d.lost) === 1 ? "" : "s"} lost)` : ""}; kept ${cards(d.kept)}.`;
    case "PathCardDrawn": {
      const why: Record<string, string> = {
        red_ant: "for a right Red Ant guess",
        exact_change: "for exact change",
        ladybug: "with the Ladybug",
        cocoon: "face down with the Cocoon",
      };
      const card = d.card === null || d.card === undefined ? "a card" : String(d.card);
      return `${subject(d.seat)} drew ${card} ${why[String(d.reason)] ?? ""}.`.replace(" .", ".");
    }
    case "DeckReshuffled":
      return `The path deck ran out: ${strings(d.cards).length} discarded cards form a new deck.`;
    case "GridRefilled":
      return `The grid was refilled with ${list(d.placements).length} card${list(d.placements).length === 1 ? "" : "s"}.`;
    case "InsectResolved":
      return d.card === d.taken
        ? `${subject(d.seat)} kept ${String(d.card)}.`
        : `${subject(d.seat)} took ${String(d.taken)} instead of ${String(d.card)} (same insect).`;
    case "CardsCollected":
      return `${subject(d.seat)} collected ${cards(d.cards)} into ${verb(d.seat, "your", "their")} supply.`;
    case "PowerGained":
      return `${subject(d.seat)} discarded ${String(d.discarded)} for ${powerInfo(String(d.power)).name}${typeof d.from_seat === "number" ? `, taken from ${subject(d.from_seat)}` : ""}.`;
    case "PowerDeclined":
      return `${subject(d.seat)} took no power.`;
    case "ProvisionBought":
      return `${subject(d.seat)} bought ${provision(String(d.provision)).name} with ${cards(d.paid)}.`;
    case "ProvisionsSwapped":
      return `${subject(d.seat)} swapped ${provision(String(d.given)).name} for ${provision(String(d.received)).name}${typeof d.other_seat === "number" ? ` from ${subject(d.other_seat)}` : " from the market"}.`;
    case "AcquisitionEnded":
      return `${subject(d.seat)} finished buying.`;
    case "MarketRefilled":
      return `The market gets ${strings(d.cards)
        .map((c) => provision(c).name)
        .join(", ")}.`;
    case "GameFinished": {
      const winners = strings(d.winners).map((s) => subject(Number(s)));
      return `The game is over (${endReason(d.reason)}): ${winners.join(" and ")} win${winners.length === 1 && winners[0] !== "You" ? "s" : ""}.`;
    }
    case "SeedRevealed":
      return "The seed is revealed: anyone can now check every shuffle of this game.";
    default:
      return event.type;
  }
}

/** Why the game ended, and the tie-break its mode has (Autumn: insect cards; Winter: path cards in supply). */
export function endWords(view: ViewOf<"grasshopper-and-ant">): EndWords {
  const reason = view.end_reason;
  return {
    ...(reason ? { reason: { key: `end.${reason}` } } : {}),
    tieBreak: { key: reason === "four_vp" ? "tie.four_vp" : `tie.${view.mode}` },
  };
}
