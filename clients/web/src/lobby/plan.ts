// What the lobby's form holds before a game exists: who sits where, the options, the clock; and the
// CreateGame request it becomes.
import type { CreateGameRequest, GameType, JsonObject, TimeControl } from "@playledger/client";

export type SeatKind = "you" | "friend" | "bot";

export interface SeatPlan {
  name: string;
  kind: SeatKind;
  /** The server bot's level, for a bot seat. */
  level: string;
}

export interface ClockPlan {
  moveSeconds: number;
  budgetSeconds: number;
  incrementSeconds: number;
  onTimeout: TimeControl["onTimeout"];
}

export const NO_CLOCK: ClockPlan = {
  moveSeconds: 0,
  budgetSeconds: 0,
  incrementSeconds: 0,
  onTimeout: "move",
};

/** Each seat's budget and the seconds added after each move (Fischer), as chess sites offer them. */
export const CHESS_CLOCKS: [number, number][] = [
  [0, 0],
  [180, 2],
  [300, 3],
  [900, 10],
  [1800, 0],
];

export const MOVE_TIMES = [0, 30, 60, 300, 86400];

/** The lobby offers greedy by default where a game has it: strong and quick (a search move can take a second). */
export function defaultLevel(type: GameType): string {
  return type.botLevels.includes("greedy") ? "greedy" : (type.botLevels.at(-1) ?? "random");
}

export function defaultsOf(type: GameType): JsonObject {
  return Object.fromEntries(type.options.map((o) => [o.name, o.defaultValue]));
}

export interface Names {
  you: string;
  player: (n: number) => string;
  bot: (n: number) => string;
}

export function firstSeats(type: GameType, names: Names): SeatPlan[] {
  const count = Math.min(type.maxPlayers, Math.max(type.minPlayers, 3));
  return Array.from({ length: count }, (_, i) => ({
    name: i === 0 ? names.you : names.bot(i),
    kind: i === 0 ? "you" : "bot",
    level: defaultLevel(type),
  }));
}

export function resized(seats: SeatPlan[], n: number, type: GameType, names: Names): SeatPlan[] {
  return Array.from(
    { length: n },
    (_, i) =>
      seats[i] ?? { name: names.bot(i), kind: "bot" as SeatKind, level: defaultLevel(type) },
  );
}

/** One seat changed; one "you" per browser: choosing it for a seat makes the previous one a friend. */
export function changed(seats: SeatPlan[], i: number, change: Partial<SeatPlan>): SeatPlan[] {
  return seats.map((seat, j) => {
    if (j === i) return { ...seat, ...change };
    return change.kind === "you" && seat.kind === "you" ? { ...seat, kind: "friend" } : seat;
  });
}

export function request(
  type: GameType,
  seats: SeatPlan[],
  options: JsonObject,
  clock: ClockPlan,
  names: Names,
): CreateGameRequest {
  const clocked = clock.moveSeconds > 0 || clock.budgetSeconds > 0;
  return {
    rules: type.name,
    players: seats.map((s, i) => s.name.trim() || names.player(i + 1)),
    options,
    // The server plays these seats; their moves are recorded like anyone's, tagged with the bot.
    bots: seats.flatMap((s, seat) => (s.kind === "bot" ? [{ seat, level: s.level }] : [])),
    ...(clocked ? { timeControl: clock } : {}),
  };
}

/** The name this browser's player gave last time, offered again. */
const NAME_KEY = "playledger.name.v1";

export function rememberedName(): string | undefined {
  try {
    return localStorage.getItem(NAME_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberName(name: string): void {
  try {
    if (name.trim()) localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    // storage refused: the next lobby offers the default name again
  }
}
