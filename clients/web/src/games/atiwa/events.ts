// Atiwa's events as one short sentence each, in the page's language. Every sentence gets who did it as
// `name` and whether that is this page's seat as `you` ("yes"/"no"), so each language conjugates its way.
import type { GameEvent, JsonValue } from "@playledger/client";
import type { EventContext } from "../types";
import { cardName, pieceName, pieceObject, spaceName, spot } from "./words";

function n(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : Number(value ?? 0);
}

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

function person(seat: number | undefined, ctx: EventContext) {
  return {
    you: seat !== undefined && seat === ctx.mySeat ? "yes" : "no",
    name: seat === undefined ? "" : (ctx.players[seat] ?? String(seat + 1)),
  };
}

type Say = (d: GameEvent["data"], ctx: EventContext, who: ReturnType<typeof person>) => string;

const at = (d: GameEvent["data"], ctx: EventContext) => spot(d.card, d.field, ctx.text);

const TURN: Record<string, Say> = {
  GameSetUp: (d, ctx) => ctx.text("event.setUp", person(n(d.start_player), ctx)),
  RoundStarted: (d, ctx) =>
    ctx.text("event.round", { ...person(n(d.start_player), ctx), round: n(d.round) }),
  WorkerPlaced: (d, ctx, who) =>
    ctx.text("event.worker", { ...who, space: spaceName(d.space, ctx.text) }),
  ActionStarted: (d, ctx, who) =>
    ctx.text("event.actionStarted", { ...who, n: n(d.action) + 1, gold: n(d.gold) }),
  ActionFinished: (d, ctx, who) =>
    ctx.text("event.actionFinished", { ...who, performed: d.performed ? "yes" : "no" }),
  WorkerActionEnded: (_, ctx, who) => ctx.text("event.workerEnded", who),
  TerrainDrawn: (d, ctx, who) =>
    ctx.text("event.terrainDrawn", { ...who, card: cardName(d.card, ctx.text) }),
  CardPlaced: (d, ctx, who) =>
    ctx.text("event.cardPlaced", {
      ...who,
      card: cardName(d.card, ctx.text),
      row: n(d.row),
      col: n(d.col),
    }),
  LocationBought: (d, ctx, who) =>
    ctx.text("event.location", {
      ...who,
      location: cardName(d.location, ctx.text),
      gold: n(d.gold),
    }),
  ItemPlaced: (d, ctx, who) =>
    ctx.text("event.item", {
      ...who,
      piece: pieceObject(d.kind, ctx.text),
      trained: d.trained ? "yes" : "no",
      bat: d.bat_returned ? "yes" : "no",
      spot: at(d, ctx),
    }),
  FruitDeclined: (_, ctx, who) => ctx.text("event.fruitDeclined", who),
  FamilyTrained: (d, ctx, who) => ctx.text("event.trained", { ...who, spot: at(d, ctx) }),
  CostPaid: (d, ctx, who) => ctx.text("event.costPaid", { ...who, gold: n(d.gold) }),
  AlternativeChosen: (d, ctx, who) => ctx.text("event.alternative", { ...who, n: n(d.option) + 1 }),
  TreePaid: (d, ctx, who) => ctx.text("event.treePaid", { ...who, spot: at(d, ctx) }),
  BatFlown: (d, ctx, who) => ctx.text("event.batFlown", { ...who, spot: at(d, ctx) }),
  FruitPaid: (d, ctx, who) => ctx.text("event.fruitPaid", { ...who, spot: at(d, ctx) }),
  TurnEnded: (_, ctx, who) => ctx.text("event.turnEnded", who),
};

const UPKEEP: Record<string, Say> = {
  IncomeCollected: (d, ctx, who) =>
    ctx.text("event.income", {
      ...who,
      wage: n(d.wage),
      found: list(d.found).reduce<number>((sum, g) => sum + n(g), 0),
      polluted: list(d.polluted).length,
    }),
  ProductionStarted: (d, ctx, who) =>
    ctx.text("event.production", { ...who, pieces: pieceName(d.kind, ctx.text, n(d.amount)) }),
  StepFinished: (_, ctx, who) => ctx.text("event.stepFinished", who),
  NightBatsReturning: (d, ctx, who) => ctx.text("event.nightBats", { ...who, count: n(d.count) }),
  BatsReleased: (d, ctx, who) =>
    n(d.count) === 0
      ? ctx.text("event.batsHome", who)
      : ctx.text("event.batsReleased", { ...who, count: n(d.count) }),
  FeedingStarted: (d, ctx, who) =>
    ctx.text("event.feeding", {
      ...who,
      need: n(d.need),
      shortage: d.shortage ? "yes" : "no",
    }),
  FoodPaid: (d, ctx, who) =>
    d.card === null || d.card === undefined
      ? ctx.text("event.foodGold", who)
      : ctx.text("event.foodPiece", {
          ...who,
          piece: pieceObject(d.kind, ctx.text),
          spot: at(d, ctx),
        }),
  FoodShortage: (d, ctx, who) =>
    ctx.text("event.shortage", { ...who, missing: n(d.missing), penalty: n(d.penalty) }),
  BreedingStarted: (_, ctx, who) => ctx.text("event.breeding", who),
  MaintenanceFinished: (_, ctx, who) => ctx.text("event.maintenanceDone", who),
  WorkersReturned: (d, ctx) => ctx.text("event.workersBack", { count: list(d.spaces).length }),
  DisplayRefreshed: (d, ctx) =>
    ctx.text("event.display", {
      cards: list(d.dealt)
        .filter((c) => c !== null)
        .map((c) => cardName(c, ctx.text))
        .join(", "),
    }),
  FamiliesMigrated: (d, ctx, who) => ctx.text("event.migrated", { ...who, count: n(d.count) }),
  GameFinished: (d, ctx) => {
    if (typeof d.goal_met === "boolean")
      return ctx.text("event.goal", { met: d.goal_met ? "yes" : "no" });
    const winners = list(d.winners).map((w) => person(n(w), ctx).name);
    return ctx.text("event.won", { names: winners.join(", "), count: winners.length });
  },
  SeedRevealed: (_, ctx) => ctx.text("event.seed"),
};

/** One sentence for an event; its type's name for an event this page does not know. */
export function describe(event: GameEvent, ctx: EventContext): string {
  const say = TURN[event.type] ?? UPKEEP[event.type];
  if (say === undefined) return event.type;
  const seat = typeof event.data.seat === "number" ? event.data.seat : event.seat;
  return say(event.data, ctx, person(seat, ctx));
}
