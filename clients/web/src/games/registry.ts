// The drawn page of each game: a Board that draws a view and offers its legal commands as clicks,
// a sentence per event, and labels. A game without its own module gets the generic one.
import type { Game, GameEvent, JsonObject, LegalCommand } from "@playledger/client";
import type { ReactElement } from "react";
import { antics } from "./antics";
import { atiwa } from "./atiwa";
import { babaYaga } from "./baba-yaga";
import { generic } from "./generic";
import { grasshopperAndAnt } from "./grasshopper-and-ant";
import { hareAndTortoise } from "./hare-and-tortoise";

export interface BoardProps {
  view: JsonObject;
  game: Game;
  /** The seat this page plays; undefined for a spectator. */
  seat: number | undefined;
  /** What the seat may do now (empty when it is not its turn). */
  legal: LegalCommand[];
  onCommand: (command: LegalCommand) => void;
  busy: boolean;
}

export interface EventContext {
  players: string[];
  mySeat: number | undefined;
}

export interface GameUI {
  title: string;
  Board: (props: BoardProps) => ReactElement;
  /** One short sentence for a player. */
  describe: (event: GameEvent, ctx: EventContext) => string;
  /** A button's text for a legal command. */
  label: (command: LegalCommand) => string;
  /** A heading for a group of commands of one type. */
  commandTitle: (commandType: string) => string;
}

const UIS: Record<string, GameUI> = {
  antics,
  "hare-and-tortoise": hareAndTortoise,
  "grasshopper-and-ant": grasshopperAndAnt,
  "baba-yaga": babaYaga,
  atiwa,
};

export function uiFor(rules: string): GameUI {
  return UIS[rules] ?? generic(rules);
}
