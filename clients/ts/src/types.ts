// What the SDK hands its users: plain objects with plain numbers. The generated
// messages carry int64 as bigint and know nothing of the SDK's conventions.
import type { JsonObject, JsonValue } from "@bufbuild/protobuf";

export type { JsonObject, JsonValue };

export interface Outcome {
  /** Why the game ended, in English. */
  reason: string;
  /** The same as a message key with parameters, e.g. "baba-yaga.end.third_spell" {seat: 2}. */
  reasonWords?: Words;
  /** The tie rule as a message key, when a tie needed one. */
  tieRuleWords?: Words;
  /** Per seat, its place: 1 is first; seats tied after every tie-break share a place. */
  placements: number[];
  /** The tie rule applied, in words; "" when no tie needed one. */
  tieRule: string;
}

export interface GameStatus {
  phase: string;
  /** Seats whose command the game waits for. */
  toAct: number[];
  finished: boolean;
  /** Once the game is finished. */
  outcome?: Outcome;
  /** Server time (ms since the epoch) at which the next timer fires (real-time games); 0 when none runs. */
  wakeAtMs: number;
  /** Server time (ms since the epoch) at which the seats to act run out of time (timeControl); 0: no clock. */
  deadlineMs: number;
  /** Every seat's chess clock, when the time control has a budget; empty otherwise. */
  clocks: SeatClock[];
}

/** A seat's chess clock: time left as of the game's last event; while it runs, when it reaches zero. */
export interface SeatClock {
  seat: number;
  leftMs: number;
  /** Server time (ms since the epoch) the seat's time runs out, while it is to act; 0 when stopped. */
  flagMs: number;
}

/**
 * A deadline per move (`moveSeconds`), a chess clock (`budgetSeconds` per seat, `incrementSeconds` added
 * after each move), or both; past it the server moves for the seat ("move") or the seat forfeits ("forfeit").
 */
export interface TimeControl {
  moveSeconds: number;
  onTimeout: "move" | "forfeit";
  budgetSeconds?: number;
  incrementSeconds?: number;
}

/** A seat the server's bot plays: "random", "greedy" or "search" (see GameType.botLevels). */
export interface BotSeat {
  seat: number;
  level: string;
  /** A fixed wait in ms before each move instead of a pace (0 or absent: the pace decides). */
  thinkMs?: number;
  /** Search iterations per move (search only; default 200). */
  budget?: number;
  /** "person" (a quick human's waits) or "fast"; absent: the game's default (person with people at the table). */
  pace?: BotPace;
}

export type BotPace = "person" | "fast";

export interface Game {
  /** "games/{id}". */
  name: string;
  rules: string;
  rulesVersion: number;
  rngVersion: number;
  players: string[];
  playerIds: string[];
  options: JsonObject;
  /** Stream version: the number of events recorded so far. */
  version: number;
  status: GameStatus;
  /** The view asked for (the caller's own by default); absent in listGames. */
  view?: JsonObject;
  /** The seat whose view this is; absent for the public view and the organizer's. */
  viewerSeat?: number;
  seedCommitment: string;
  seedSource: string;
  /** The seed, once the game is finished (or to the organizer). */
  seedHex: string;
  /** Per seat, once the game is finished (empty before). */
  finalScores: number[];
  winners: number[];
  createTime?: Date;
  updateTime?: Date;
  lastHash: string;
  /** When the server read the game, by the clock its timers (status.wakeAtMs) count against. */
  readTime?: Date;
  /** The seats the server's bots play. */
  bots: BotSeat[];
  /** The game's deadline per move, if it has one. */
  timeControl?: TimeControl;
  /** Who may watch it in play, the spectators' delay, whether take-backs may be offered. */
  table: TableSettings;
  /** "games/{id}" of the finished game this one plays again (a rematch). */
  rematchOf?: string;
  /** "games/{id}" of this finished game's rematch, once one was made (getGame). */
  rematchedAs?: string;
  /** A spectator of a delayed table: the version shown (the game is further along). */
  spectatorVersion?: number;
  /** The open take-back offer, if any. */
  takeback?: TakebackOffer;
  /** A seat at a table with take-backs: the versions it may offer to go back to now, oldest first. */
  takebackTargets: number[];
  /** Set when an arbiter ended the game (a forfeit, an annulment, a disqualification) before the rules did. */
  ruling?: GameRuling;
}

/** An arbiter's ruling that ended a game. */
export interface GameRuling {
  /** "forfeit", "annulment" or "disqualification". */
  kind: string;
  reason: string;
  /** Who ruled. */
  actor: string;
  /** "tournaments/{id}" when a tournament's ruling ended it. */
  tournament?: string;
  /** The player it names (forfeit, disqualification), and that player's seats. */
  playerId?: string;
  seats: number[];
  time?: Date;
}

/** An open offer to take moves back (offerTakeback). */
export interface TakebackOffer {
  seat: number;
  toVersion: number;
  /** The seats that accepted so far (the offering seat among them). */
  accepted: number[];
}

/** A table's settings beyond the rules. */
export interface TableSettings {
  /** "open": anyone watches; "players": only its players (and the organizer) while it is in play. */
  spectators: "open" | "players";
  /** Spectators see the game this many decisions behind... */
  spectatorDelayMoves: number;
  /** ...and this many seconds behind. */
  spectatorDelaySeconds: number;
  /** Whether a seat may offer to take moves back. */
  takebacks: boolean;
}

export interface SeatToken {
  seat: number;
  player: string;
  playerId: string;
  /** Secret: acts and sees for this seat. */
  token: string;
}

export interface CreatedGame {
  game: Game;
  /** One per seat, in seat order; the server shows them only once. */
  seats: SeatToken[];
}

export interface GameEvent {
  version: number;
  /** e.g. "CardsPlayed"; "SeedRevealed" closes a finished game. */
  type: string;
  data: JsonObject;
  /** The seat whose command caused it; absent for setup and automatic events. */
  seat?: number;
  time?: Date;
}

export interface LegalCommand {
  commandType: string;
  args: JsonObject;
  /** A short label in English, e.g. "play R-HARE-02 + R-HARE-07". */
  label: string;
  /** The label as a message key ("<rules>.command.<command_type>") with the args as its parameters. */
  labelWords: Words;
}

/** Words a client says in its own language: a stable message key and its typed parameters (seats as numbers). */
export interface Words {
  key: string;
  params: JsonObject;
}

export interface LegalCommands {
  /** The game's version these commands are legal at. */
  version: number;
  commands: LegalCommand[];
}

export interface Submitted {
  /** The game's version after the command. */
  version: number;
  /** What the command recorded, as the caller may see it. */
  events: GameEvent[];
  status: GameStatus;
  /** True when the server had already recorded this request_id: nothing new was recorded. */
  repeated: boolean;
  /** The request_id sent (every retry sends the same one). */
  requestId: string;
  /** This seat's legal commands at `version` (empty when it is not to act): the next move needs no extra call. */
  legalCommands: LegalCommand[];
  /** With includeGame: the game as getGame shows it now (at `version`, or later if others moved meanwhile). */
  game?: Game;
}

/** One message of a watch: an event, and the game as it stands after it. */
export interface GameUpdate {
  event: GameEvent;
  /** The game's version after the event (pass the last one handled to resume). */
  version: number;
  /** The game's status after the event; trust it where `settled` is true. */
  status: GameStatus;
  /** The last event of what the server delivered at once: the game is at rest until the next command. */
  settled: boolean;
  /** On settled updates of a seat's watch: its legal commands at `version` (empty when it is not to act). */
  legalCommands: LegalCommand[];
  /** On settled updates of a watch with includeGame: the game at `version` as getGame shows it. */
  game?: Game;
}

export interface GameOption {
  name: string;
  /** "boolean", "integer" or "string". */
  type: string;
  defaultValue: JsonValue;
  description: string;
  choices: JsonValue[];
  minimum?: number;
  maximum?: number;
}

export interface CommandSchema {
  /** Wire name, e.g. "play_cards". */
  type: string;
  description: string;
  fields: { name: string; type: string }[];
}

export interface GameType {
  name: string;
  title: string;
  rulesVersion: number;
  minPlayers: number;
  maxPlayers: number;
  summary: string;
  options: GameOption[];
  commands: CommandSchema[];
  /** The static catalog (cards, board, tables) keyed by the ids views and commands use. */
  catalog: JsonObject;
  /** Every ErrorInfo reason a refused command of this game can carry. */
  reasons: { code: string; description: string }[];
  /** The bot levels CreateGame accepts for this game. */
  botLevels: string[];
  /**
   * The game's JSON Schema (draft 2020-12) of its views, event data and command arguments, parsed
   * ({} from a server without it). The types `hareTortoise.SeatView`, ... are generated from it.
   */
  jsonSchema: JsonObject;
}
