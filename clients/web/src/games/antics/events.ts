// Antics! events as one short sentence each, in the page's language. Every sentence about a seat gets who
// did it as `name` and whether that is this page's seat as `you` ("yes"/"no"), so each language
// conjugates its way; tokens, hatcheries and paths by their names (never their ids).
import type { GameEvent, JsonValue } from "@playledger/client";
import type { EventContext } from "../types";
import { hatcheryName, hexName, mealName, pathName, tokenName } from "./words";

function n(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : Number(value ?? 0);
}

function person(seat: JsonValue | undefined, ctx: EventContext) {
  const s = typeof seat === "number" ? seat : undefined;
  return {
    you: s !== undefined && s === ctx.mySeat ? "yes" : "no",
    name: s === undefined ? "" : (ctx.players[s] ?? String(s + 1)),
  };
}

type Data = GameEvent["data"];
type Say = (d: Data, ctx: EventContext, who: ReturnType<typeof person>) => string;

const SAY: Record<string, Say> = {
  GameStarted: (d, ctx) => ctx.text("event.started", person(d.start_seat, ctx)),
  TilesDrawn: (d, ctx) =>
    ctx.text("event.tilesDrawn", { count: Array.isArray(d.placements) ? d.placements.length : 0 }),
  TurnStarted: (d, ctx, who) =>
    ctx.text("event.turnStarted", {
      ...who,
      actions: n(d.actions),
      last: d.final_turns_left == null ? "no" : "yes",
    }),
  ActionTaken: (d, ctx, who) =>
    ctx.text("event.actionTaken", {
      ...who,
      action: hexName(d.action, ctx.text),
      level: n(d.level),
      magnificant: d.q == null ? "yes" : "no",
    }),
  TileScouted: (d, ctx, who) =>
    ctx.text("event.tileScouted", { ...who, row: n(d.row), column: n(d.column) }),
  TileBuilt: (d, ctx, who) => ctx.text("event.tileBuilt", { ...who, level: n(d.level) }),
  AntHatched: (d, ctx, who) =>
    ctx.text("event.antHatched", { ...who, hatchery: hatcheryName(d.hatchery, ctx.text) }),
  AntDeployed: (d, ctx, who) =>
    ctx.text("event.antDeployed", {
      ...who,
      soldier: d.soldier ? "yes" : "no",
      path: pathName(d.segment, ctx.text),
    }),
  AntRecalled: (d, ctx, who) =>
    ctx.text("event.antRecalled", { ...who, path: pathName(d.segment, ctx.text) }),
  TokenPickedUp: (d, ctx, who) =>
    ctx.text("event.tokenPickedUp", { ...who, token: tokenName(d.token, ctx.text) }),
  TokenPassed: (d, ctx, who) =>
    ctx.text("event.tokenPassed", {
      ...who,
      token: tokenName(d.token, ctx.text),
      path: pathName(d.to_segment, ctx.text),
    }),
  TokenDelivered: (d, ctx, who) =>
    ctx.text("event.tokenDelivered", { ...who, token: tokenName(d.token, ctx.text) }),
  TokenStolen: (d, ctx, who) =>
    ctx.text("event.tokenStolen", {
      ...who,
      token: tokenName(d.token, ctx.text),
      victim: person(d.victim, ctx).name,
      path: pathName(d.segment, ctx.text),
    }),
  PreyExhausted: (d, ctx) =>
    ctx.text("event.preyExhausted", { token: tokenName(d.prey, ctx.text) }),
  ActionFinished: (d, ctx, who) =>
    ctx.text("event.actionFinished", { ...who, action: hexName(d.action, ctx.text) }),
  TurnEnded: (_, ctx, who) => ctx.text("event.turnEnded", who),
  DisplayCompacted: (_, ctx) => ctx.text("event.displayCompacted"),
  AnteaterArrived: (d, ctx) =>
    ctx.text("event.anteaterArrived", { row: n(d.row), meal: mealName(d.meal, ctx.text) }),
  PreyEaten: (d, ctx) => ctx.text("event.preyEaten", { token: tokenName(d.prey, ctx.text) }),
  HatcheryEaten: (d, ctx) =>
    ctx.text("event.hatcheryEaten", { hatchery: hatcheryName(d.hatchery, ctx.text) }),
  AnteaterReturned: (d, ctx) => ctx.text("event.anteaterReturned", { row: n(d.row) }),
  EndTriggered: (d, ctx) => ctx.text("event.endTriggered", { reason: String(d.reason) }),
  GameFinished: (d, ctx) => {
    const won = Array.isArray(d.winners) ? d.winners.map((w) => person(w, ctx).name) : [];
    return ctx.text("event.finished", { winners: won.join(", "), count: won.length });
  },
  SeedRevealed: (_, ctx) => ctx.text("event.seed"),
};

export function describe(event: GameEvent, ctx: EventContext): string {
  const say = SAY[event.type];
  return say ? say(event.data, ctx, person(event.data.seat, ctx)) : ctx.text("event.other");
}
