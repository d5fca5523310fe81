// The drawn page of each game: a Board that draws a typed view and offers its legal commands as clicks,
// a sentence per event, labels, and its words in its own catalog namespace. A game without its own
// module gets the generic one.
import { antics } from "./antics";
import { atiwa } from "./atiwa";
import { babaYaga } from "./baba-yaga";
import { generic } from "./generic";
import { grasshopperAndAnt } from "./grasshopper-and-ant";
import { hareAndTortoise } from "./hare-and-tortoise";
import type { GameUI } from "./types";

export type { BoardProps, EventContext, GameUI } from "./types";

export const GAMES: Record<string, GameUI<unknown>> = {
  "hare-and-tortoise": hareAndTortoise,
  "grasshopper-and-ant": grasshopperAndAnt,
  "baba-yaga": babaYaga,
  atiwa,
  antics,
};

export function uiFor(rules: string): GameUI<unknown> {
  return GAMES[rules] ?? generic(rules);
}
