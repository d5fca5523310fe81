// Atiwa in words, in the page's language: names for pieces, cards, fields and spaces (never their ids),
// a label per command, and how the game ended. The event sentences are in events.ts.
import type { JsonValue, LegalCommand } from "@playledger/client";
import type { GameText } from "../../i18n/text";
import type { EndWords, EventContext, ViewOf } from "../types";

export const RULES = "atiwa";

/** A card's name: "Mist Forest" for "T32" (its number 32), "Village" for "VILLAGE". */
export function cardName(card: JsonValue | undefined, text: GameText): string {
  const id = typeof card === "number" ? `T${String(card).padStart(2, "0")}` : String(card);
  return text.has(`card.${id}`) ? text(`card.${id}`) : id;
}

/** A terrain card's printed number ("32" for "T32"); undefined for a location card. */
export function cardNumber(id: string): number | undefined {
  const m = /^T(\d+)$/.exec(id);
  return m ? Number(m[1]) : undefined;
}

/** A piece kind as a noun: "fruit bat" (one), or with its count: "3 fruit bats". */
export function pieceName(kind: JsonValue | undefined, text: GameText, count?: number): string {
  const k = String(kind);
  if (count !== undefined) return text.has(`piece.${k}`) ? text(`piece.${k}`, { count }) : k;
  return text.has(`one.${k}`) ? text(`one.${k}`) : k.toLowerCase();
}

/** A piece kind as the object of a verb ("put a family", "eat the goat"): some languages inflect it. */
export function pieceObject(kind: JsonValue | undefined, text: GameText): string {
  const k = String(kind);
  return text.has(`obj.${k}`) ? text(`obj.${k}`) : k.toLowerCase();
}

/** A field of a card by its place, as where something goes: "on card 2, top right". */
export function spot(card: JsonValue | undefined, field: JsonValue | undefined, text: GameText) {
  const f = typeof field === "number" && field >= 1 && field <= 8 ? field : 0;
  return text("spot", {
    card: typeof card === "number" ? card + 1 : "?",
    field: f ? text(`field.${f}`) : "?",
  });
}

const LOCATION_SPACE = /^(FA|SE|VI|TO)_(L|R)$/;
export const LOCATION_OF: Record<string, string> = {
  FA: "FARM",
  SE: "SETTLEMENT",
  VI: "VILLAGE",
  TO: "TOWN",
};

/** An action space's name: "Gold per nature", "Farm (left)", "Round track, position 3". */
export function spaceName(id: JsonValue | undefined, text: GameText): string {
  const sid = String(id);
  const location = LOCATION_SPACE.exec(sid);
  if (location) {
    return text("space.location", {
      location: text(`card.${LOCATION_OF[location[1] ?? ""] ?? ""}`),
      side: location[2] === "L" ? "left" : "right",
    });
  }
  if (/^R\d$/.test(sid)) return text("space.position", { n: Number(sid.slice(1)) });
  return text.has(`space.${sid}`) ? text(`space.${sid}`) : sid;
}

function n(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : Number(value ?? 0);
}

type Labeller = (a: LegalCommand["args"], text: GameText) => string;

const at = (a: LegalCommand["args"], text: GameText) => spot(a.card, a.field, text);

const LABELS: Record<string, Labeller> = {
  place_worker: (a, text) => text("label.place_worker", { space: spaceName(a.space, text) }),
  start_action: (a, text) => text("label.start_action", { n: n(a.action) + 1 }),
  pass: (_, text) => text("label.pass"),
  draw_terrain: (_, text) => text("label.draw_terrain"),
  place_card: (a, text) => text("label.place_card", { row: n(a.row), col: n(a.col) }),
  place_item: (a, text) =>
    text("label.place_item", {
      piece: pieceObject(a.kind, text),
      trained: a.trained === true ? "yes" : "no",
      spot: at(a, text),
    }),
  train_family: (a, text) => text("label.train_family", { spot: at(a, text) }),
  pay_cost: (_, text) => text("label.pay_cost"),
  choose_alternative: (a, text) => text("label.choose_alternative", { n: n(a.option) + 1 }),
  pay_tree: (a, text) => text("label.pay_tree", { spot: at(a, text) }),
  fly_bat: (a, text) => text("label.fly_bat", { spot: at(a, text) }),
  pay_fruit: (a, text) => text("label.pay_fruit", { spot: at(a, text) }),
  pay_food: (a, text) =>
    a.card === undefined || a.card === null
      ? text("label.eat_gold")
      : text("label.eat_piece", { piece: pieceObject(a.kind, text), spot: at(a, text) }),
};

/** A command's words for a button, in the page's language. */
export function commandLabel(command: LegalCommand, text: GameText): string {
  return LABELS[command.commandType]?.(command.args, text) ?? command.label;
}

export function label(command: LegalCommand, ctx: EventContext): string {
  return commandLabel(command, ctx.text);
}

/** Round 7 scored; solo: whether the goal (or the challenge) was met; equal totals: fewer pollution markers. */
export function endWords(view: ViewOf<"atiwa">): EndWords {
  const goal = view.final?.goal;
  if (view.seats === 1 && goal) {
    return {
      reason: {
        key: "end.solo",
        values: { challenge: String(goal.challenge), met: goal.met ? "yes" : "no" },
      },
    };
  }
  return { reason: { key: "end.scored" }, tieBreak: { key: "tie.pollution" } };
}
