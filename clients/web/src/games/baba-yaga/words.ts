// Baba Yaga in words: one short sentence per event, a label per command, and the catalog's names
// (ListGameTypes) for the ids views and events carry (I01 -> "Fly agaric", S01 -> its card).
import type { GameEvent, JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { spectator } from "../../app/client";
import { who } from "../generic";
import type { EndWords, EventContext, ViewOf } from "../types";

export interface Catalog {
  ingredients: Record<string, string>;
  spells: Record<string, { ingredients: string[]; effect: string }>;
  effects: Record<string, { name: string; rule: string }>;
}

let catalog: Catalog | undefined;
let loading: Promise<Catalog | undefined> | undefined;

function asCatalog(value: JsonObject): Catalog {
  return value as unknown as Catalog;
}

/** The game type's catalog, fetched once per page (the page works with bare ids until it arrives). */
export function loadCatalog(): Promise<Catalog | undefined> {
  loading ??= spectator
    .listGameTypes()
    .then((types) => {
      const found = types.find((t) => t.name === "baba-yaga");
      catalog = found ? asCatalog(found.catalog) : undefined;
      return catalog;
    })
    .catch(() => undefined);
  return loading;
}

export function currentCatalog(): Catalog | undefined {
  return catalog;
}

export function ingredientName(id: JsonValue | undefined): string {
  const key = String(id);
  return catalog?.ingredients[key] ?? key;
}

export function effectName(effect: JsonValue | undefined): string {
  const key = String(effect);
  return catalog?.effects[key]?.name ?? key;
}

export function cardName(card: JsonValue | undefined): string {
  const key = String(card);
  const spell = catalog?.spells[key];
  return spell ? `${key} (${effectName(spell.effect)})` : key;
}

const ROWS = "ABCDE";
/** A cell as players read it: row letter, column number ("B4"). */
export function cellName(cell: JsonValue | undefined): string {
  if (!Array.isArray(cell) || cell.length !== 2) return String(cell);
  return `${ROWS[Number(cell[0])] ?? "?"}${Number(cell[1]) + 1}`;
}

const END_NAMES: Record<string, string> = { N: "north", S: "south", W: "west", E: "east" };
export function endName(end: JsonValue | undefined): string {
  return END_NAMES[String(end)] ?? String(end);
}

const CHOICES: Record<string, string> = {
  place_house_start: "place the House (a Chicken-Leg House kept for this turn)",
  choose_target: "choose whom the spell targets",
  choose_house_timing: "say when the House moves: now or at the start of the next turn",
  place_house_now: "place the House now",
  swap_tiles: "swap two Forest tiles",
  move_house: "move the House (fearless variant)",
};
export function choiceText(kind: JsonValue | undefined): string {
  return CHOICES[String(kind)] ?? String(kind);
}

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

export function label(command: LegalCommand): string {
  const a = command.args;
  switch (command.commandType) {
    case "place_witch":
      return `Place the witch at the ${endName(a.end)} end`;
    case "reveal_spell":
      return "Reveal your spell card (the race starts)";
    case "flip_up":
      return `Turn over ${cellName(a.cell)}`;
    case "flip_down":
      return `Turn back ${cellName(a.cell)}`;
    case "lift_house":
      return "Lift the House";
    case "replace_house":
      return "Put the House back";
    case "move_lens":
      return `Move your keyhole to ${String(a.quadrant)}`;
    case "end_search":
      return "End my search";
    case "step_witch":
      return a.hand
        ? `Step the witch (${a.hand === "L" ? "left" : "right"} hand)`
        : "Step the witch";
    case "place_house":
      return `Put the House on ${cellName(a.cell)}`;
    case "move_house":
      return `Move the House to ${cellName(a.cell)}`;
    case "choose_target":
      return `Target seat ${String(a.player)}`;
    case "choose_house_timing":
      return a.timing === "now" ? "Move the House now" : "Move the House at my next turn";
    case "swap_tiles":
      return `Swap ${cellName(a.a)} and ${cellName(a.b)}`;
    default:
      return command.label || command.commandType;
  }
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const s = (seat: JsonValue | undefined) =>
    who(typeof seat === "number" ? seat : undefined, ctx) || "Someone";
  const ingredients = (v: JsonValue | undefined) => list(v).map(ingredientName).join(", ");
  switch (event.type) {
    case "ForestLaid":
      return "The forest is laid out: 16 tiles, Forest side up, around the witch's cross.";
    case "SpellsDealt":
      return `Spell cards are dealt face down: ${list(d.counts).map(String).join(", ")} per player.`;
    case "FirstPlayerChosen":
      return `${s(d.seat)} search${d.seat === ctx.mySeat ? "" : "es"} first.`;
    case "GameBegan":
      return d.preview_until_ms
        ? "The game begins: every ingredient is shown for the preview."
        : "The game begins.";
    case "PreviewEnded":
      return "The preview is over: every tile is hidden again.";
    case "TurnStarted":
      return `Turn ${String(d.turn)}: ${s(d.active)} search${d.active === ctx.mySeat ? "" : "es"}, ${s(d.placer)} place${d.placer === ctx.mySeat ? "" : "s"} the witch.`;
    case "WitchPlaced":
      return `${s(d.seat)} put the witch at the ${endName(d.end)} end${d.auto ? " (time ran out)" : ""}.`;
    case "ChoiceRequired":
      return `${s(d.seat)} must ${choiceText(d.choice)}.`;
    case "HouseMoved":
      return `${s(d.seat)} put the House on ${cellName(d.cell)}.`;
    case "TurnPrepared":
      return `The race is ready: ${String(d.required)} ingredients needed, a path of ${String(d.path_length)} tiles${d.blind ? ", Blinding light!" : ""}${d.tiny ? ", Tiny!" : ""}.`;
    case "SpellRevealed":
      return `${s(d.seat)} revealed ${cardName(d.card)}: the race is on!`;
    case "TileFlippedUp":
      return `${s(d.seat)} turned over ${cellName(d.cell)}: ${ingredientName(d.ingredient)} (${d.correct ? "on the card" : "wrong"}).`;
    case "TileFlippedDown":
      return `${s(d.seat)} turned ${cellName(d.cell)} back.`;
    case "HouseLifted":
      return `${s(d.seat)} lifted the House off ${cellName(d.cell)}.`;
    case "HouseReplaced":
      return `${s(d.seat)} put the House back on ${cellName(d.cell)}.`;
    case "LensMoved":
      return `${s(d.seat)} moved the keyhole to ${String(d.quadrant)}.`;
    case "WitchStepped":
      return `${d.auto ? "The witch flew on by herself" : `${s(d.seat)} moved the witch`} to ${cellName(d.cell)} (step ${String(d.step)}).`;
    case "SearchEnded":
      return `${s(d.seat)} stopped searching.`;
    case "RoundEnded":
      return d.cast
        ? `${s(d.seat)} cast ${cardName(d.card)} with ${ingredients(d.correct)}!`
        : `${s(d.seat)} failed the spell (${list(d.correct).length} of ${String(d.required)} found${list(d.wrong).length ? `, wrong: ${ingredients(d.wrong)}` : ""}); the card goes under the stack.`;
    case "TilesReset":
      return "Every Forest tile is turned back face down.";
    case "EffectTargeted":
      return `${effectName(d.effect)} lies in front of ${s(d.target)} for their next turn.`;
    case "EffectLost":
      return `${effectName(d.effect)} has no effect (${d.reason === "walk_level" ? "easy level" : "no one to target"}).`;
    case "HouseTimingChosen":
      return `${s(d.seat)} will move the House ${d.timing === "now" ? "now" : "at the start of their next turn"}.`;
    case "TilesSwapped":
      return `${s(d.seat)} swapped ${cellName(d.a)} and ${cellName(d.b)}.`;
    case "ChoiceForfeited":
      return `${s(d.seat)} did not ${choiceText(d.choice)} in time.`;
    case "TurnEnded":
      return `${s(d.seat)}'s turn is over.`;
    case "GameFinished": {
      const winners = list(d.winners)
        .map((w) => s(w))
        .join(" and ");
      if (d.reason === "third_spell") return `${winners} cast a third spell and escaped Baba Yaga!`;
      return winners
        ? `The turn limit is reached: nobody cast three spells; the most spells win: ${winners}.`
        : "The turn limit is reached: nobody cast three spells, nobody wins.";
    }
    case "SeedRevealed":
      return "The seed is revealed: anyone can now check every shuffle of this game.";
    default:
      return event.type;
  }
}

/** A third spell (who cast it) or the turn limit; the others are placed by the spells they cast. */
export function endWords(view: ViewOf<"baba-yaga">, game: { players: string[] }): EndWords {
  const winner = view.winners?.[0];
  if (view.finish_reason === "third_spell" && winner !== undefined) {
    return {
      reason: { key: "end.third_spell", values: { name: game.players[winner] ?? "" } },
      tieBreak: { key: "tie.spells" },
    };
  }
  if (view.finish_reason === "turn_limit") {
    return { reason: { key: "end.turn_limit", values: { turns: view.max_turns } } };
  }
  return {};
}
