// What the Atiwa drawings share: which commands are clicks on a field, the seat colours, the rows of the
// supply board, the words for each step of a turn, and small readers of the view's JSON.
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
export const STEP_WORDS: Record<string, string> = {
  idle: "waiting",
  place_worker: "place a worker",
  choose_action: "choose the next action of the space",
  draw_terrain: "draw a terrain card",
  place_card: "place the new card",
  take_card: "place the displayed card",
  place_items: "place the pieces gained",
  tree_with_fruit: "place a tree (with its fruit)",
  fruit_on_tree: "put the fruit on the new tree",
  train: "train families",
  pay_cost: "pay the cost",
  choose: "choose an alternative",
  location: "pay trees for the location",
  action_end: "finish the action",
  fruit_bat: "fruit bat action: fly 3 bats",
  pay_fruit: "fruit bat action: pay a fruit",
  bat_tree: "fruit bat action: place the tree",
  turn_end: "end the turn",
  income: "income",
  next: "next step",
  produce: "place what your animals, trees and fruit produce",
  return_bats: "place the bats back from the night card",
  feed: "feed your families",
  breed: "breed",
  done: "done for this round",
};

export function num(value: unknown): number {
  return typeof value === "number" ? value : 0;
}

export function key(card: unknown, field: unknown): string {
  return `${String(card)}:${String(field)}`;
}

/** What lies on a field, in words ("tree + fruit"), from the view's "T:tree+fruit". */
export function content(text: string): { type: string; held: string } {
  const [type = "", held = ""] = text.split(":");
  return { type, held: held.replace("+", " + ") };
}
