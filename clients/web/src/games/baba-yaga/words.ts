// Baba Yaga in words, in the page's language: the ingredients, clues, effects and spell cards by their
// names in the catalog (never their ids), the cells, ends and quarters of the forest, the labels of the
// moves and how the game ended. The event sentences are in events.ts.
import type { Game, JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";
import type { GameText } from "../../i18n/text";
import type { EndWords, EventContext, ViewOf } from "../types";

export const RULES = "baba-yaga";

/** What the server's catalog (ListGameTypes) adds to the page's own: which ingredients and effect a card has. */
export interface Catalog {
  spells: Record<string, { ingredients: string[]; effect: string }>;
  spells_to_win?: number;
}

let catalog: Catalog | undefined;
let loading: Promise<Catalog | undefined> | undefined;

function loadCatalog(): Promise<Catalog | undefined> {
  loading ??= spectator
    .listGameTypes()
    .then((types) => {
      const found = types.find((t) => t.name === RULES);
      catalog = found ? (found.catalog as unknown as Catalog) : undefined;
      return catalog;
    })
    .catch(() => {
      loading = undefined; // asked again by the next page that needs it
      return undefined;
    });
  return loading;
}

/** The server's catalog once it is here (undefined until then: cards are named by their faces meanwhile). */
export function useCatalog(): Catalog | undefined {
  const [found, setFound] = useState(catalog);
  useEffect(() => {
    if (found) return;
    let current = true;
    void loadCatalog().then((c) => {
      if (current && c) setFound(c);
    });
    return () => {
      current = false;
    };
  }, [found]);
  return found;
}

function named(text: GameText, key: string, unknown: string): string {
  return text.has(key) ? text(key) : text(unknown);
}

export function ingredientName(id: JsonValue | undefined, text: GameText): string {
  return named(text, `ingredient.${String(id)}`, "ingredient.unknown");
}

export function ingredientNames(ids: JsonValue | undefined, text: GameText): string {
  return (Array.isArray(ids) ? ids : []).map((i) => ingredientName(i, text)).join(", ");
}

/** A face-down tile's clue ("lily pad"): the server sends its art key ("lily-pad"). */
export function clueName(clue: JsonValue | undefined, text: GameText): string {
  return named(text, `clue.${String(clue)}`, "clue.unknown");
}

export function effectName(effect: JsonValue | undefined, text: GameText): string {
  return named(text, `effect.${String(effect)}`, "effect.unknown");
}

export function effectRule(effect: JsonValue | undefined, text: GameText): string {
  const key = `rule.${String(effect)}`;
  return text.has(key) ? text(key) : "";
}

/** "Quick Brew (Fly agaric, Frog, Spider, Toad wart)": a card by its face, never its id. */
export function cardName(card: JsonValue | undefined, text: GameText): string {
  const spell = catalog?.spells[String(card)];
  if (!spell) return text("card.unknown");
  return text("card.name", {
    effect: effectName(spell.effect, text),
    ingredients: ingredientNames(spell.ingredients, text),
  });
}

const ROWS = "ABCDE";
/** A cell as players read it on the board: row letter, column number ("B4"). */
export function cellName(cell: JsonValue | undefined): string {
  if (!Array.isArray(cell) || cell.length !== 2) return "?";
  return `${ROWS[Number(cell[0])] ?? "?"}${Number(cell[1]) + 1}`;
}

export function endName(end: JsonValue | undefined, text: GameText): string {
  const key = `ends.${String(end)}`;
  return text.has(key) ? text(key) : "?";
}

export function quadrantName(quadrant: JsonValue | undefined, text: GameText): string {
  const key = `quadrant.${String(quadrant)}`;
  return text.has(key) ? text(key) : "?";
}

export function choiceText(kind: JsonValue | undefined, text: GameText): string {
  const key = `choice.${String(kind)}`;
  return text.has(key) ? text(key) : text("choice.other");
}

export function phaseName(phase: JsonValue | undefined, text: GameText): string {
  const key = `phase.${String(phase)}`;
  return text.has(key) ? text(key) : text("phase.choose");
}

/** A seat as a message's values: mine ("yes" on this page's own seat) and its name. */
export function seatValues(
  value: JsonValue | undefined,
  ctx: Pick<EventContext, "mySeat" | "players" | "text">,
) {
  const s = typeof value === "number" ? value : -1;
  return {
    mine: s >= 0 && s === ctx.mySeat ? "yes" : "no",
    name: ctx.players[s] ?? ctx.text("event.someone"),
  };
}

/** A move's words, the same on the board's buttons, its cells and in the list of moves. */
export function label(command: LegalCommand, ctx: EventContext): string {
  const a = command.args;
  const text = ctx.text;
  switch (command.commandType) {
    case "place_witch":
      return text("label.place_witch", { end: endName(a.end, text) });
    case "flip_up":
    case "flip_down":
    case "place_house":
    case "move_house":
      return text(`label.${command.commandType}`, { cell: cellName(a.cell) });
    case "move_lens":
      return text("label.move_lens", { quadrant: quadrantName(a.quadrant, text) });
    case "step_witch":
      return text("label.step_witch", { hand: String(a.hand ?? "none") });
    case "choose_target":
      return text("label.choose_target", { name: ctx.players[Number(a.player)] ?? "?" });
    case "choose_house_timing":
      return text("label.choose_house_timing", { timing: String(a.timing) });
    case "swap_tiles":
      return text("label.swap_tiles", { a: cellName(a.a), b: cellName(a.b) });
    default:
      return serverWords(command, text);
  }
}

/** A move with no words of its own here: the server's message key (its label's), else its kind's title. */
function serverWords(command: LegalCommand, text: GameText): string {
  const key = command.labelWords?.key.replace(`${RULES}.`, "") ?? "";
  const own = `label.${command.commandType}`;
  if (text.has(own)) return text(own);
  if (key && text.has(key)) return text(key, plain(command.labelWords.params));
  return text("label.other");
}

function plain(params: JsonObject): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === "number" ? v : String(v)]),
  );
}

/** The outcome's message keys this page has words for (the server's, less the "baba-yaga." prefix). */
const OUTCOME_KEYS = [
  "end.third_spell",
  "end.turn_limit_draw",
  "end.turn_limit_most_spells",
  "tie.by_spells",
  "tie.draw",
  "tie.most_spells",
];

/** The server's reason and tie rule (Outcome's message keys), with a seat parameter named. */
export function endWords(_view: ViewOf<"baba-yaga">, game: Game): EndWords {
  const outcome = game.status.outcome;
  const words = (w: { key: string; params: JsonObject } | undefined) => {
    const key = w?.key.replace(`${RULES}.`, "") ?? "";
    if (!w || !OUTCOME_KEYS.includes(key)) return undefined;
    const { seat, ...rest } = w.params;
    const values: Record<string, string | number> = plain(rest);
    if (typeof seat === "number") values.name = game.players[seat] ?? "";
    return { key, values };
  };
  const reason = words(outcome?.reasonWords);
  const tieBreak = words(outcome?.tieRuleWords);
  return { ...(reason ? { reason } : {}), ...(tieBreak ? { tieBreak } : {}) };
}
