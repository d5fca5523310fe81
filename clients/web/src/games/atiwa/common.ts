// What the Atiwa drawings share: the view's parts by name, which commands are clicks on a field, the seat
// colours, the rows of the supply board, and small readers of the view's JSON.
import type { ViewOf } from "../types";

export type View = ViewOf<"atiwa">;
export type PlayerView = NonNullable<View["players"]>[number];
export type SpaceView = NonNullable<View["spaces"]>[number];
/** Why a worker on a space would gain the seat to act nothing now (the server's `nothing`). */
export type Nothing = NonNullable<SpaceView["nothing"]>;
/** The solo goal condition by condition, as it stands now (`solo.goal`) or at the end (`final.goal`). */
export type Goal = NonNullable<NonNullable<View["final"]>["goal"]>;
export type Condition = Goal["conditions"][number];

export const FIELD_COMMANDS = new Set([
  "place_item",
  "train_family",
  "pay_tree",
  "fly_bat",
  "pay_fruit",
  "pay_food",
]);
export const SEAT_COLOURS = ["#b3261e", "#1d5fa8", "#2e7d32", "#8a5a00"];
export const ROWS = ["WILD", "TREE", "FRUIT", "FAMILY", "GOAT"];
export const LOCATIONS = ["FARM", "SETTLEMENT", "VILLAGE", "TOWN"];
export const FIELD_TYPES = ["H", "A", "W", "B", "G", "T", "TW", "TB", "F", "E"];

export function num(value: unknown): number {
  return typeof value === "number" ? value : 0;
}

export function key(card: unknown, field: unknown): string {
  return `${String(card)}:${String(field)}`;
}

/** What lies on a field, from the view's "T:tree+fruit": its type and the pieces ("tree", "fruit"). */
export function content(text: string): { type: string; held: string[] } {
  const [type = "", held = ""] = text.split(":");
  return { type, held: held ? held.split("+") : [] };
}

/** The view's words for a piece on a field ("trained family") as a key of the catalog's held.* words. */
export const HELD: Record<string, string> = {
  family: "family",
  "trained family": "trained",
  wild: "wild",
  tree: "tree",
  fruit: "fruit",
  goat: "goat",
  bat: "bat",
  polluted: "polluted",
};

/** A button's props while a move is on its way: still focusable (the focus stays), but inert. */
export function pressable(busy: boolean, act: () => void) {
  return {
    "aria-disabled": busy || undefined,
    onClick: () => {
      if (!busy) act();
    },
  };
}
