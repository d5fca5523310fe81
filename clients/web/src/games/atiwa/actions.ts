// What an action space does, from the parts the server's view gives for each action (`parts`: its kind and
// numbers, beside the English `actions`), so the page says it in its own language and never reads English.
// Whether a space gains the seat nothing the server's view says itself (`gains_nothing`); the page decides
// no rule.
import type { GameText } from "../../i18n/text";
import type { ViewOf } from "../types";

type Part = NonNullable<ViewOf<"atiwa">["spaces"]>[number]["parts"][number];
type Act = Part["act"];

/** A piece kind and how many of it. */
export type Items = [string, number][];

export type ActionBody =
  | { kind: "take"; items: Items }
  | { kind: "display"; n: number }
  | { kind: "treeWithFruit"; n: number }
  | { kind: "choice"; options: Items[] }
  | { kind: "paidTrain"; gold: number }
  | { kind: "exchange"; gold: number; items: Items }
  | { kind: "perNature"; items: Items }
  | { kind: "location"; location: string; side: "left" | "right" }
  | { kind: "draw" }
  | { kind: "train" }
  | { kind: "batsIntoHuts" };

export type Action = ActionBody & { bonus: boolean };

const items = (list: Part["items"]): Items => (list ?? []).map((p) => [p.kind, p.count]);

/** Each kind of action the server names, read into what the page words (every Act: the compiler checks). */
export const BODIES: Record<Act, (p: Part) => ActionBody> = {
  terrain_draw: () => ({ kind: "draw" }),
  terrain_take: (p) => ({ kind: "display", n: p.n ?? 0 }),
  take: (p) => ({ kind: "take", items: items(p.items) }),
  tree_with_fruit: (p) => ({ kind: "treeWithFruit", n: p.n ?? 0 }),
  choice: (p) => ({ kind: "choice", options: (p.options ?? []).map(items) }),
  train: () => ({ kind: "train" }),
  paid_train: (p) => ({ kind: "paidTrain", gold: p.cost ?? 0 }),
  exchange: (p) => ({ kind: "exchange", gold: p.cost ?? 0, items: items(p.items) }),
  per_nature: (p) => ({ kind: "perNature", items: items(p.items) }),
  location: (p) => ({
    kind: "location",
    location: p.location ?? "",
    side: p.side === "right" ? "right" : "left",
  }),
  bats_into_empty_huts: () => ({ kind: "batsIntoHuts" }),
};

/** One of a space's actions, from its part in the view. */
export function actionOf(part: Part): Action {
  return { ...BODIES[part.act](part), bonus: part.bonus };
}

/** "2 trees + 1 fruit bat" in the page's language. */
export function itemsText(list: Items, text: GameText): string {
  return list.map(([kind, n]) => text(`piece.${kind}`, { count: n })).join(" + ");
}

function bodyText(a: Action, text: GameText): string {
  switch (a.kind) {
    case "take":
      return text("action.take", { items: itemsText(a.items, text) });
    case "display":
      return text("action.display", { n: a.n });
    case "treeWithFruit":
      return text("action.treeWithFruit", { count: a.n });
    case "choice":
      return text("action.choice", {
        first: itemsText(a.options[0] ?? [], text),
        second: itemsText(a.options[1] ?? [], text),
      });
    case "paidTrain":
      return text("action.paidTrain", { gold: a.gold });
    case "exchange":
      return text("action.exchange", { gold: a.gold, items: itemsText(a.items, text) });
    case "perNature":
      return text("action.perNature", { items: itemsText(a.items, text) });
    case "location":
      return text("action.location", { location: text(`card.${a.location}`), side: a.side });
    case "draw":
      return text("action.draw");
    case "train":
      return text("action.train");
    case "batsIntoHuts":
      return text("action.batsIntoHuts");
  }
}

/** An action in the page's language ("with 4 terrain cards, also: take 1 gold"). */
export function actionText(part: Part, text: GameText): string {
  const a = actionOf(part);
  const body = bodyText(a, text);
  return a.bonus ? text("action.bonus", { action: body }) : body;
}
