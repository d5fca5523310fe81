// What each seat of a Hare & Tortoise game must not see, read from the
// organizer's view (which holds every seat's own view): the other seats'
// hands always, their bets until the race is scored, and the boxed Starting
// Bet cards ever. See service/rules/hare_tortoise/views.py.
import type { GameEvent, JsonObject, JsonValue } from "../../src/index.js";

export const HIDDEN = "?";

/** Every string anywhere in a JSON value (card ids are strings). */
export function strings(value: JsonValue | undefined, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === "object")
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

function stringList(value: JsonValue | undefined, what: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new Error(`${what} is not a list of card ids: ${JSON.stringify(value)}`);
  }
  return value as string[];
}

export interface Secrets {
  version: number;
  /** Per seat: the cards only that seat may see now. */
  own: string[][];
}

/** The seats' secrets at the organizer view's version. */
export function secretsOf(organizerView: JsonObject, version: number): Secrets {
  const seats = organizerView.seats;
  const pub = organizerView.spectator as JsonObject;
  if (!Array.isArray(seats)) throw new Error("the organizer's view has no per-seat views");
  // Bets are revealed (in results) once the current race is scored.
  const raceScored = Array.isArray(pub.results) && pub.results.length >= Number(pub.race);
  const own = seats.map((view, seat) => {
    const v = view as JsonObject;
    const hand = stringList(v.hand, `seat ${seat}'s hand`);
    return raceScored ? hand : [...hand, ...stringList(v.bets, `seat ${seat}'s bets`)];
  });
  return { version, own };
}

/** Card ids in `value` that `viewer` (undefined: a spectator) must not see; `boxed`: nobody may. */
export function leaks(
  value: JsonValue | undefined,
  viewer: number | undefined,
  s: Secrets,
  boxed: Set<string>,
): string[] {
  const forbidden = new Set<string>(boxed);
  s.own.forEach((cards, seat) => {
    if (seat !== viewer) for (const c of cards) forbidden.add(c);
  });
  return strings(value).filter((x) => forbidden.has(x));
}

/** The boxed bets, from the organizer's (unredacted) RaceSetUp events. */
export function boxedBets(organizerEvents: GameEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of organizerEvents) {
    if (e.type === "RaceSetUp") {
      for (const c of stringList(e.data.boxed_bets, "RaceSetUp.boxed_bets")) out.add(c);
    }
  }
  return out;
}
