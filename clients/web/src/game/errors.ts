// A refused or failed call, in the player's words: the reason code picks the message (a game's own
// namespace first, then the shared one), its facts fill it in (who is to act, when to try again).
// The server's English text is shown only where no message fits, without its rule numbers.
import { Code, PlayLedgerError } from "@playledger/client";
import type { Text } from "../i18n/text";

export interface Problem {
  /** What to say: a shared message, or a key of the game's namespace. */
  text: Text | { game: string; key: string };
  /** The server's own words, when no message of ours fits (English). */
  detail?: string;
  /** TOO_SOON: when the move will be accepted, on the server's clock (ms since the epoch). */
  retryAtMs?: number;
  /** The seats the game waits for, by the refusal's facts (drawn as their names: `{names}`). */
  toAct?: number[];
  /** The game's version the refusal was decided at (it is stale once the game moves past it). */
  version?: number;
  /** The server may be back in a moment: the page retries by itself. */
  transient?: boolean;
}

const SHARED_REASONS = new Set([
  "NOT_YOUR_TURN",
  "WRONG_PHASE",
  "GAME_OVER",
  "GAME_RULED",
  "STALE_VERSION",
  "GAME_NOT_FOUND",
  "TOKEN_NOT_OF_THIS_GAME",
  "UNAUTHENTICATED",
  "NOT_A_PLAYER",
  "SEAT_VIEW_PRIVATE",
  "OVERLOADED",
  "STORE_BUSY",
  "STORE_UNAVAILABLE",
  "SERVER_STOPPING",
  "TOO_MANY_WATCHES",
  "NO_READ_MODELS",
  "TOURNAMENT_NOT_FOUND",
  "INVALID_OPTIONS",
  "BAD_TIME_CONTROL",
  "BAD_BOT",
  "TOO_LONG",
  "BAD_TEXT",
  // At the table (take-backs, play again, private tables):
  "TAKEBACKS_OFF",
  "TAKEBACK_PENDING",
  "TAKEBACK_DECLINED",
  "TAKEBACK_TOO_FAR",
  "TAKEBACK_NOT_POSSIBLE",
  "NO_TAKEBACK_OFFER",
  "GAME_NOT_FINISHED",
  "SPECTATORS_NOT_ALLOWED",
]);

/** Rule numbers and seat numbers are for the rulebook and the machine, not for a player's eye. */
export function plainWords(message: string): string {
  return message
    .replace(/\s*\((?:[A-Z]{2,3}-[^)]*|§[^)]*|R\d[^)]*|T\d[^)]*)\)/g, "")
    .replace(/\s*\(waiting for seats? \[[^\]]*\]\)/g, "")
    .trim();
}

function seatsOf(list: string | undefined): number[] {
  return (list ?? "")
    .split(",")
    .filter((s) => s.trim() !== "")
    .map(Number)
    .filter((n) => Number.isInteger(n));
}

/** The problem an error of a call is, for a game of `rules` (if any) whose players are `players`. */
export function problemOf(
  error: unknown,
  rules?: string,
  hasGameKey?: (key: string) => boolean,
): Problem {
  const e = PlayLedgerError.from(error);
  const version = Number(e.metadata.version ?? e.metadata.current_version ?? Number.NaN);
  const toAct = seatsOf(e.metadata.to_act);
  const base: Problem = {
    text: { key: "error.unknown" },
    ...(Number.isFinite(version) ? { version } : {}),
    ...(toAct.length > 0 ? { toAct } : {}),
  };
  if (e.reason === "TOO_SOON") {
    const at = Number(e.metadata.retry_at_ms);
    return {
      ...base,
      text: { key: "error.TOO_SOON" },
      ...(Number.isFinite(at) ? { retryAtMs: at } : {}),
    };
  }
  if (rules && e.reason && hasGameKey?.(`reason.${e.reason}`)) {
    return { ...base, text: { game: rules, key: `reason.${e.reason}` } };
  }
  if (SHARED_REASONS.has(e.reason)) {
    const detail = e.reason === "INVALID_OPTIONS" ? plainWords(e.serverMessage) : undefined;
    return {
      ...base,
      text: { key: `error.${e.reason}` as Text["key"] },
      ...(detail ? { detail } : {}),
    };
  }
  if (e.code === Code.FailedPrecondition) return { ...base, text: { key: "error.refused" } };
  if (
    [Code.Unavailable, Code.Unknown, Code.Internal, Code.DeadlineExceeded, Code.Canceled].includes(
      e.code,
    )
  ) {
    return { ...base, text: { key: "error.unreachable" }, transient: true };
  }
  const detail = plainWords(e.serverMessage);
  return { ...base, ...(detail ? { detail } : {}) };
}
