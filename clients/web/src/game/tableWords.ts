// The table's own events in words, for every game alike: a take-back's offer, its answers and the game
// going back, and an arbiter's ruling that ended it (the games' words know only their rules' events). And
// how far back a take-back goes, said as moves ("your last move", "the last 3 moves") rather than versions.
import type { GameEvent, JsonObject } from "@playledger/client";
import type { EventContext, GameUI } from "../games/types";
import type { T } from "../i18n/text";

function numberIn(data: JsonObject, ...keys: string[]): number {
  for (const k of keys) if (typeof data[k] === "number") return data[k] as number;
  return 0;
}

function person(seat: number | undefined, ctx: EventContext) {
  const mine = seat !== undefined && seat === ctx.mySeat;
  return { mine: mine ? "yes" : "no", name: seat === undefined ? "" : (ctx.players[seat] ?? "") };
}

/** A take-back link of the chain (or the ruling that closed it) in words; undefined for any other event. */
export function takebackWords(event: GameEvent, ctx: EventContext): string | undefined {
  const version = numberIn(event.data, "to_version", "toVersion");
  switch (event.type) {
    case "TakebackOffered":
      return ctx.t("events.takebackOffered", { ...person(event.seat, ctx), version });
    case "TakebackAnswered":
      return ctx.t("events.takebackAnswered", {
        ...person(event.seat, ctx),
        accept: event.data.accept === true ? "yes" : "no",
      });
    case "TakenBack":
      return ctx.t("events.takenBack", { version });
    case "EndedByRuling":
      return ctx.t("events.endedByRuling", {
        kind: String(event.data.ruling ?? ""),
        reason: String(event.data.reason ?? ""),
        actor: String(event.data.actor ?? ""),
      });
    default:
      return undefined;
  }
}

/** An event in words: the table's own first, then the game's. */
export function describeEvent(ui: GameUI<unknown>, event: GameEvent, ctx: EventContext): string {
  return takebackWords(event, ctx) ?? ui.describe(event, ctx);
}

/**
 * Going back to `version`, in moves: how many decisions it takes back (every later target is one) and,
 * for one, whose it was (the seat of the event that followed the version): "your last move", "Bob's last
 * move", or "the last move" when the one asking made it (`asker`: "Bob asks to take back the last move").
 */
export function targetWords(
  version: number,
  table: { targets: number[]; events: GameEvent[]; players: string[] },
  mySeat: number | undefined,
  t: T,
  asker?: number,
): string {
  const { targets, events, players } = table;
  if (!targets.includes(version)) return t("takeback.toVersion", { version });
  const count = targets.filter((v) => v >= version).length;
  const seat = events.find((e) => e.version === version + 1)?.seat;
  const who =
    seat === undefined || (seat === asker && seat !== mySeat)
      ? "none"
      : seat === mySeat
        ? "you"
        : "other";
  return t("takeback.target", {
    count,
    who,
    name: seat === undefined ? "" : (players[seat] ?? ""),
  });
}
