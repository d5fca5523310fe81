// The Grasshopper & the Ant in words, in the page's language: path types, insects, cards (by type and
// insect, never by id), provisions and powers by name, cells, the labels of commands and how a game ended.
// The server's catalog (ListGameTypes) says which card carries which insect and what a provision costs;
// the words come from this page's catalog. The event sentences are in events.ts.
import type { Game, JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import type { GameText } from "../../i18n/text";
import type { EndWords, EventContext, ViewOf } from "../types";

export const RULES = "grasshopper-and-ant";
export const PATH_TYPES = ["TC", "TL", "ST", "WD"] as const;

/** The catalog of this game type, filled in by the board once ListGameTypes answered. */
let catalog: JsonObject = {};
export function setCatalog(found: JsonObject): void {
  catalog = found;
}
export function record(value: unknown): JsonObject {
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

/** "Stone", "Πέτρα": a path type by name. */
export function typeName(type: JsonValue | undefined, text: GameText): string {
  const t = String(type);
  return text.has(`type.${t}`) ? text(`type.${t}`) : text("card.unknown");
}
export function insectName(insect: JsonValue | undefined, text: GameText): string {
  const i = String(insect);
  return text.has(`insect.${i}`) ? text(`insect.${i}`) : text("card.unknown");
}
/** A path card's type, from the catalog or its id (TC-07 is a Tablecloth card). */
export function cardType(card: string): string {
  return String(record(record(catalog.path_cards)[card]).type ?? card.split("-")[0]);
}
export function cardInsect(card: string): string | undefined {
  const insect = record(record(catalog.path_cards)[card]).insect;
  return typeof insect === "string" ? insect : undefined;
}
/** "Stone", "Stone · Bee": a path card as a player reads it (its id only ever in a tooltip). */
export function cardName(card: JsonValue | undefined, text: GameText): string {
  if (card === null || card === undefined || card === "?") return text("card.hidden");
  const id = String(card);
  const insect = cardInsect(id);
  const type = typeName(cardType(id), text);
  return insect ? text("card.insect", { type, insect: insectName(insect, text) }) : type;
}
export function cardNames(cards: JsonValue | undefined, text: GameText): string {
  const found = strings(cards);
  return found.length ? found.map((c) => cardName(c, text)).join(", ") : text("nothing");
}
/** "Wheat ear": a provision card by its kind's name (two copies of a kind read alike). */
export function provisionName(card: JsonValue | undefined, text: GameText): string {
  const id = String(card);
  const kind = String(record(record(catalog.provisions)[id]).kind ?? id.replace(/-\d+$/, ""));
  return text.has(`provision.${kind}`) ? text(`provision.${kind}`) : text("card.unknown");
}
export function provisionPrice(card: string): string[] {
  return strings(record(record(catalog.provisions)[card]).price);
}
export function powerName(power: JsonValue | undefined, text: GameText): string {
  const p = String(power);
  return text.has(`power.${p}`) ? text(`power.${p}`) : text("card.unknown");
}
export function powerEffect(power: JsonValue | undefined, text: GameText): string {
  const p = String(power);
  return text.has(`effect.${p}`) ? text(`effect.${p}`) : "";
}
/** Points one insect kind scores with `n` cards of it: the server catalog's table (insect_points). */
export function insectPoints(n: number): number | undefined {
  const table = list(catalog.insect_points).map(Number);
  return table.length ? table[Math.min(n, table.length - 1)] : undefined;
}
/** A seat's insect cards grouped by insect: [insect, how many] in the order first met. */
export function insectKinds(cards: string[]): [string, number][] {
  const kinds = new Map<string, number>();
  for (const c of cards) {
    const insect = cardInsect(c);
    if (insect) kinds.set(insect, (kinds.get(insect) ?? 0) + 1);
  }
  return [...kinds];
}
export function cellName(cell: JsonValue | undefined): string {
  const [r, c] = list(cell).map(Number);
  return r === undefined || c === undefined ? "?" : `${"ABCD"[c] ?? c}${r + 1}`;
}
export const cellKey = (cell: unknown) => list(cell).map(Number).join(",");

/** "Ann", "Ann (you)": a seat in an event, this page's own seat marked (no verb changes with it). */
export function seatName(seat: JsonValue | undefined, ctx: EventContext): string {
  const name = typeof seat === "number" ? ctx.players[seat] : undefined;
  if (name === undefined) return ctx.text("event.someone");
  return seat === ctx.mySeat ? ctx.text("event.you", { name }) : name;
}
/** A scoring table of the server's catalog ("shelf_points", "insect_points") for 1..4, as "1, 3, 6, 10". */
export function pointsTable(name: "shelf_points" | "insect_points"): string {
  return list(catalog[name]).slice(1).map(String).join(", ");
}

/** A move's words, the same on the board's buttons and in the list of moves (never the server's English). */
export function label(command: LegalCommand, ctx: EventContext): string {
  const a = command.args;
  const text = ctx.text;
  switch (command.commandType) {
    case "place_ants":
      return text("label.place_ants", { cells: list(a.cells).map(cellName).sort().join(" ") });
    case "choose_marker":
    case "red_ant_guess":
      return text(`label.${command.commandType}`, { type: typeName(a.path_type, text) });
    case "peek_marker":
      return text("label.peek_marker", { slot: Number(a.slot) + 1 });
    case "place_cicada":
      return text("label.place_cicada", { cell: cellName(a.cell) });
    case "resolve_insect":
      return a.card === a.take
        ? text("label.keep", { card: cardName(a.card, text) })
        : text("label.take", { card: cardName(a.card, text), take: cardName(a.take, text) });
    case "gain_power":
      return text("label.gain_power", { card: cardName(a.discard, text) });
    case "buy":
      return text("label.buy", {
        provision: provisionName(a.provision, text),
        cards: cardNames(a.cards, text),
      });
    case "use_swap":
      return text("label.use_swap", {
        mine: provisionName(a.mine, text),
        theirs: provisionName(a.theirs, text),
      });
    case "skip_power":
    case "pass":
      return text(`label.${command.commandType}`);
    default: {
      // A command this page does not know yet: the server's message key for it, else "a move".
      const key = `command.${command.labelWords?.key.split(".command.")[1] ?? command.commandType}`;
      return text.has(key) ? text(key) : text("label.other");
    }
  }
}

/** The server's tie rule ("grasshopper-and-ant.tie.insects") as a key of this namespace, if any. */
export function tieKey(game: Game | undefined): string | undefined {
  const rule = game?.status.outcome?.tieRuleWords?.key.split(".tie.")[1];
  return rule ? `tie.${rule}` : undefined;
}

/** Why the game ended, and the tie rule the server applied (none when no tie needed one). */
export function endWords(view: ViewOf<"grasshopper-and-ant">, game: Game): EndWords {
  const reason = view.end_reason;
  const tie = tieKey(game);
  return {
    ...(reason ? { reason: { key: `end.${reason}` } } : {}),
    ...(tie ? { tieBreak: { key: tie } } : {}),
  };
}
