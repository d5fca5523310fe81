// What a game's page gives the shared shell, and what the shell gives its Board. Views arrive typed, from
// the game's published JSON Schema (the SDK's generated types): a Board reads view.hand, never obj(view).
import type { Game, GameEvent, GameMessages, JsonObject, LegalCommand } from "@playledger/client";
import type { ReactElement } from "react";
import type { GameText, T } from "../i18n/text";

/** A game's name as in the server's catalog: "hare-and-tortoise", ... */
export type Rules = keyof GameMessages;

/** The view of any audience of the game (a seat's or the public one): what GetGame's view holds. */
export type ViewOf<R extends Rules> = GameMessages[R]["views"][keyof GameMessages[R]["views"]];

/** The data of one of the game's events, by its type: EventData<"atiwa", "WorkerPlaced">. */
export type EventData<
  R extends Rules,
  E extends keyof GameMessages[R]["events"],
> = GameMessages[R]["events"][E];

/** The arguments of one of the game's commands, by its wire name. */
export type CommandArgs<
  R extends Rules,
  C extends keyof GameMessages[R]["commands"],
> = GameMessages[R]["commands"][C];

export interface BoardProps<V = JsonObject> {
  view: V;
  game: Game;
  /** The seat this page plays; undefined for a spectator. */
  seat: number | undefined;
  /** What the seat may do now (empty when it is not its turn, and in a replay). */
  legal: LegalCommand[];
  onCommand: (command: LegalCommand) => void;
  busy: boolean;
}

export interface EventContext {
  players: string[];
  mySeat: number | undefined;
  /** The shared namespace and the game's own, in the page's language. */
  t: T;
  text: GameText;
}

/** How the game ended, in the game's own words (keys of its namespace), for the end screen. */
export interface EndWords {
  reason?: { key: string; values?: Record<string, string | number> };
  /** The tie-break that decided, when equal scores were split by it. */
  tieBreak?: { key: string; values?: Record<string, string | number> };
}

export interface GameUI<V = JsonObject> {
  /** The catalog namespace: the game's name. Its title is the key "title". */
  rules: string;
  Board: (props: BoardProps<V>) => ReactElement | null;
  /** One short sentence for a player. */
  describe: (event: GameEvent, ctx: EventContext) => string;
  /** A button's text for a legal command. */
  label: (command: LegalCommand, ctx: EventContext) => string;
  /** Why the game ended, from its last view (the shell says who won). */
  endWords?: (view: V, game: Game) => EndWords;
  /** Options the lobby folds away under "More options" (timers, engine bounds). */
  advancedOptions?: readonly string[];
  /** Integer options naming a seat (-1: at random): the lobby offers the players' names. */
  seatOptions?: readonly string[];
}

/** A game's UI typed by its view; the registry holds them all under one type. */
export function defineGame<R extends Rules>(ui: GameUI<ViewOf<R>> & { rules: R }): GameUI<unknown> {
  return ui as unknown as GameUI<unknown>;
}
