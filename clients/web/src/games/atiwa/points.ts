// The running score (the player aid of issue 29): the six categories of the end score (§7) added up from
// the numbers the view already shows for a seat (gold, its cards' printed points, each supply-board row's
// value now, trained families, bats, hunger), and the solo goal it is measured against. The view carries
// no running total of its own; at the end the page shows the server's final scores instead.
import type { ViewOf } from "../types";

type View = ViewOf<"atiwa">;
export type PlayerView = NonNullable<View["players"]>[number];

/** Bats up to this many score nothing (AT-95). */
const FREE_BATS = 10;

/** Points each solo goal needs: the plain solo game (AT-100) and the eight challenges (AT-C1..AT-C8). */
export const GOAL_POINTS: Record<number, number> = {
  0: 120,
  1: 100,
  2: 100,
  3: 100,
  4: 90,
  5: 90,
  6: 100,
  7: 120,
  8: 80,
};

/** Trained families on the seat's cards: fields the view shows holding a "trained family". */
export function trainedFamilies(player: PlayerView): number {
  return player.cards
    .flatMap((c) => c.fields)
    .filter((f) => (f.split(":")[1] ?? "").split("+").includes("trained family")).length;
}

/** The seat's score if the game ended now: AT-91..AT-96 from the view's numbers. */
export function runningScore(player: PlayerView): number {
  const cards = player.cards.reduce((sum, c) => sum + c.points, 0);
  const board = Object.values(player.supply_board).reduce((sum, row) => sum + row.value, 0);
  const bats = Math.max(0, player.bats - FREE_BATS);
  return player.gold + cards + board + trainedFamilies(player) + bats + player.shortage_penalty;
}

/** Each seat's running score (the server's final totals once the game is scored). */
export function scores(view: View): number[] {
  const final = view.final?.scores;
  if (final) return final.map((s) => s.total);
  return (view.players ?? []).map(runningScore);
}
