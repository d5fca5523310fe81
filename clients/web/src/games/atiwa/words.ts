// Atiwa in words: a sentence per event, a label per command, names for pieces, fields and spaces.
import type { GameEvent, JsonObject, JsonValue, LegalCommand } from "@playledger/client";
import { who } from "../generic";
import type { EndWords, EventContext, ViewOf } from "../types";
import { terrainName } from "./catalog";

export const FIELD_NAMES = ["TM", "TR", "ML", "MM", "MR", "BL", "BM", "BR"];

const PIECES: Record<string, string> = {
  FAMILY: "family",
  WILD: "wild animal",
  TREE: "tree",
  FRUIT: "fruit",
  GOAT: "goat",
  BAT: "fruit bat",
  GOLD: "gold",
};

export function piece(kind: JsonValue | undefined, n = 1): string {
  const name = PIECES[String(kind)] ?? String(kind).toLowerCase();
  if (n === 1 || name === "gold" || name === "fruit") return name;
  return name === "family" ? "families" : `${name}s`;
}

export function spot(card: JsonValue | undefined, field: JsonValue | undefined): string {
  const f = typeof field === "number" ? (FIELD_NAMES[field - 1] ?? String(field)) : "?";
  return `card ${typeof card === "number" ? card + 1 : "?"} ${f}`;
}

const LABELS: Record<string, (a: JsonObject) => string> = {
  place_worker: (a) => `Place a worker on ${String(a.space)}`,
  start_action: (a) => `Do action ${Number(a.action) + 1}`,
  pass: () => "Pass (done here)",
  draw_terrain: () => "Draw a terrain card",
  place_card: (a) => `Place the card at row ${String(a.row)}, column ${String(a.col)}`,
  place_item: (a) =>
    `Put a${a.trained === true ? " trained" : ""} ${piece(a.kind)} on ${spot(a.card, a.field)}`,
  train_family: (a) => `Train the family on ${spot(a.card, a.field)}`,
  pay_cost: () => "Pay the gold",
  choose_alternative: (a) => `Choose alternative ${Number(a.option) + 1}`,
  pay_tree: (a) => `Pay the tree on ${spot(a.card, a.field)}`,
  fly_bat: (a) => `Fly the bat on ${spot(a.card, a.field)}`,
  pay_fruit: (a) => `Pay the fruit on ${spot(a.card, a.field)}`,
  pay_food: (a) =>
    a.card === undefined || a.card === null
      ? "Eat 1 gold"
      : `Eat the ${piece(a.kind)} on ${spot(a.card, a.field)}`,
};

export function label(command: LegalCommand): string {
  if (command.label) return command.label.charAt(0).toUpperCase() + command.label.slice(1);
  return LABELS[command.commandType]?.(command.args) ?? command.commandType;
}

function n(value: JsonValue | undefined): number {
  return typeof value === "number" ? value : Number(value ?? 0);
}

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

function terrainId(card: JsonValue | undefined): string {
  return `T${String(card).padStart(2, "0")}`;
}

/** Who did it, as the sentence's subject ("You", "Kofi"), and the verb's form for them. */
function speaker(event: GameEvent, ctx: EventContext) {
  const seat = typeof event.data.seat === "number" ? event.data.seat : event.seat;
  const subject = who(seat, ctx) || "Someone";
  const you = seat !== undefined && seat === ctx.mySeat;
  return { d: event.data, subject, you, s: (verb: string) => (you ? verb : `${verb}s`) };
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const { d, subject, you, s } = speaker(event, ctx);
  switch (event.type) {
    case "GameSetUp":
      return `The board is laid out; ${who(n(d.start_player), ctx)} ${n(d.start_player) === ctx.mySeat ? "start" : "starts"}.`;
    case "RoundStarted":
      return `Round ${n(d.round)} of 7 begins; ${who(n(d.start_player), ctx)} ${n(d.start_player) === ctx.mySeat ? "go" : "goes"} first.`;
    case "WorkerPlaced":
      return `${subject} ${s("place")} a worker on ${String(d.space)}.`;
    case "ActionStarted":
      return `${subject} ${s("start")} action ${n(d.action) + 1}${n(d.gold) ? ` and ${you ? "gain" : "gains"} ${n(d.gold)} gold` : ""}.`;
    case "ActionFinished":
      return `${subject} ${s("finish")} that action${d.performed ? "" : " without doing anything"}.`;
    case "WorkerActionEnded":
      return `${subject} ${s("end")} the worker action.`;
    case "TerrainDrawn":
      return `${subject} ${s("draw")} ${terrainName(terrainId(d.card))}.`;
    case "CardPlaced":
      return `${subject} ${s("place")} ${terrainName(terrainId(d.card))} at row ${n(d.row)}, column ${n(d.col)}.`;
    case "LocationBought":
      return `${subject} ${you ? "buy" : "buys"} a ${String(d.location).toLowerCase()} for ${n(d.gold)} gold and ${you ? "take" : "takes"} the start player marker.`;
    case "ItemPlaced":
      return `${subject} ${s("put")} a${d.trained ? " trained" : ""} ${piece(d.kind)} on ${spot(d.card, d.field)}${d.bat_returned ? " (its bat flies back)" : ""}.`;
    case "FruitDeclined":
      return `${subject} ${s("take")} the tree without its fruit.`;
    case "FamilyTrained":
      return `${subject} ${s("train")} the family on ${spot(d.card, d.field)}.`;
    case "CostPaid":
      return `${subject} ${s("pay")} ${n(d.gold)} gold.`;
    case "AlternativeChosen":
      return `${subject} ${you ? "choose" : "chooses"} alternative ${n(d.option) + 1}.`;
    case "TreePaid":
      return `${subject} ${s("pay")} the tree on ${spot(d.card, d.field)}.`;
    case "BatFlown":
      return `${subject} ${s("fly")} the bat on ${spot(d.card, d.field)} to the night card.`.replace(
        "flys",
        "flies",
      );
    case "FruitPaid":
      return `${subject} ${s("pay")} the fruit on ${spot(d.card, d.field)}.`;
    case "TurnEnded":
      return `${subject} ${s("end")} the turn.`;
    default:
      return describeUpkeep(event, ctx);
  }
}

/** The events of income, maintenance and the end. */
function describeUpkeep(event: GameEvent, ctx: EventContext): string {
  const { d, subject, you, s } = speaker(event, ctx);
  switch (event.type) {
    case "IncomeCollected": {
      const found = list(d.found).reduce<number>((sum, g) => sum + n(g), 0);
      const polluted = list(d.polluted).length;
      return `${subject} ${s("collect")} ${n(d.wage)} gold in wages and ${found} gold found; ${polluted} field${polluted === 1 ? "" : "s"} polluted.`;
    }
    case "ProductionStarted":
      return `${subject} ${s("produce")} up to ${n(d.amount)} ${piece(d.kind, n(d.amount))}.`;
    case "StepFinished":
      return `${subject} ${s("finish")} that step.`;
    case "NightBatsReturning":
      return `${n(d.count)} fruit bat${n(d.count) === 1 ? "" : "s"} come back from ${you ? "your" : `${subject}'s`} night card.`;
    case "BatsReleased":
      if (n(d.count) === 0)
        return `Every bat back from ${you ? "your" : `${subject}'s`} night card found room.`;
      return `${n(d.count)} returning bat${n(d.count) === 1 ? "" : "s"} found no room and flew off.`;
    case "FeedingStarted":
      return `${subject} ${s("feed")} the families: ${n(d.need)} food needed${d.shortage ? " (not enough)" : ""}.`;
    case "FoodPaid":
      return `${subject} ${s("eat")} ${d.card === null || d.card === undefined ? "1 gold" : `the ${piece(d.kind)} on ${spot(d.card, d.field)}`}.`;
    case "FoodShortage":
      return `${subject} ${you ? "are" : "is"} ${n(d.missing)} food short: −${n(d.penalty)} points.`;
    case "BreedingStarted":
      return `${subject} ${s("breed")}.`;
    case "MaintenanceFinished":
      return `${subject} ${you ? "have" : "has"} finished the maintenance.`;
    case "WorkersReturned":
      return `Workers come back from ${list(d.spaces).length} space${list(d.spaces).length === 1 ? "" : "s"}.`;
    case "DisplayRefreshed":
      return `The terrain display is refreshed: ${list(d.dealt)
        .filter((c) => c !== null)
        .map((c) => terrainName(terrainId(c)))
        .join(", ")}.`;
    case "FamiliesMigrated":
      return `${n(d.count)} of ${you ? "your" : `${subject}'s`} families leave the game (Migration).`;
    case "GameFinished": {
      const winners = list(d.winners).map((w) => who(n(w), ctx));
      if (d.goal_met === true) return "The game is over: the goal is met.";
      if (d.goal_met === false) return "The game is over: the goal is not met.";
      return `The game is over: ${winners.join(" and ")} win${winners.length === 1 && winners[0] !== "You" ? "s" : ""}.`;
    }
    case "SeedRevealed":
      return "The seed is revealed: anyone can now check every draw of this game.";
    default:
      return event.type;
  }
}

/** Round 7 scored; solo: whether the goal (or the challenge) was met; equal totals: fewer pollution markers. */
export function endWords(view: ViewOf<"atiwa">): EndWords {
  const goal = view.final?.goal;
  if (view.seats === 1 && goal) {
    return {
      reason: { key: "end.solo", values: { goal: goal.name, met: goal.met ? "yes" : "no" } },
    };
  }
  return { reason: { key: "end.scored" }, tieBreak: { key: "tie.pollution" } };
}
