// One short sentence per event of Baba Yaga, in the page's language: "you" for this page's own seat (its
// verbs conjugated so), the players' names otherwise; cards, ingredients and effects by their names.
import type { GameEvent, JsonValue } from "@playledger/client";
import type { EventContext } from "../types";
import {
  cardName,
  cellName,
  choiceText,
  effectName,
  endName,
  ingredientName,
  ingredientNames,
  quadrantName,
  seatValues,
} from "./words";

type Data = Record<string, JsonValue>;

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

const yes = (v: JsonValue | undefined) => (v === true ? "yes" : "no");

function roundEnded(d: Data, ctx: EventContext): string {
  const text = ctx.text;
  if (d.cast === true)
    return text("event.cast", {
      ...seatValues(d.seat, ctx),
      card: cardName(d.card, text),
      found: ingredientNames(d.correct, text),
    });
  const wrong = ingredientNames(d.wrong, text);
  return text("event.failed", {
    ...seatValues(d.seat, ctx),
    count: list(d.correct).length,
    required: Number(d.required),
    wrong: wrong || "none",
  });
}

function gameFinished(d: Data, ctx: EventContext): string {
  const winners = list(d.winners).map(Number);
  return ctx.text("event.gameFinished", {
    reason: String(d.reason),
    count: winners.length,
    winnerMine: ctx.mySeat !== undefined && winners.includes(ctx.mySeat) ? "yes" : "no",
    winners: winners.map((s) => ctx.players[s] ?? "").join(", "),
  });
}

/** The events of the turn's set-up and of the effects (choices, the House, targets). */
function aroundTheRace(event: GameEvent, ctx: EventContext): string | undefined {
  const d = event.data;
  const text = ctx.text;
  const who = seatValues(d.seat, ctx);
  switch (event.type) {
    case "TurnStarted": {
      const active = seatValues(d.active, ctx);
      const placer = seatValues(d.placer, ctx);
      return text("event.turnStarted", {
        turn: Number(d.turn),
        activeMine: active.mine,
        active: active.name,
        placerMine: placer.mine,
        placer: placer.name,
      });
    }
    case "WitchPlaced":
      return text("event.witchPlaced", { ...who, end: endName(d.end, text), auto: yes(d.auto) });
    case "ChoiceRequired":
      return text("event.choiceRequired", { ...who, what: choiceText(d.choice, text) });
    case "ChoiceForfeited":
      return text("event.choiceForfeited", { ...who, what: choiceText(d.choice, text) });
    case "HouseMoved":
      return text("event.houseMoved", { ...who, cell: cellName(d.cell) });
    case "TurnPrepared":
      return text("event.turnPrepared", {
        required: Number(d.required),
        length: Number(d.path_length),
        blind: yes(d.blind),
        tiny: yes(d.tiny),
      });
    case "EffectTargeted":
      return text("event.effectTargeted", {
        ...seatValues(d.target, ctx),
        effect: effectName(d.effect, text),
      });
    case "EffectLost":
      return text("event.effectLost", {
        effect: effectName(d.effect, text),
        reason: String(d.reason),
      });
    case "HouseTimingChosen":
      return text("event.houseTiming", { ...who, timing: String(d.timing) });
    case "TilesSwapped":
      return text("event.tilesSwapped", { ...who, a: cellName(d.a), b: cellName(d.b) });
    case "TurnEnded":
      return text("event.turnEnded", who);
    default:
      return undefined;
  }
}

/** The events of the race itself: the card, the flips, the House, the keyhole, the witch. */
function inTheRace(event: GameEvent, ctx: EventContext): string | undefined {
  const d = event.data;
  const text = ctx.text;
  const who = seatValues(d.seat, ctx);
  switch (event.type) {
    case "SpellRevealed":
      return text("event.spellRevealed", { ...who, card: cardName(d.card, text) });
    case "TileFlippedUp":
      return text("event.flippedUp", {
        ...who,
        cell: cellName(d.cell),
        ingredient: ingredientName(d.ingredient, text),
        correct: yes(d.correct),
      });
    case "TileFlippedDown":
      return text("event.flippedDown", { ...who, cell: cellName(d.cell) });
    case "HouseLifted":
      return text("event.houseLifted", { ...who, cell: cellName(d.cell) });
    case "HouseReplaced":
      return text("event.houseReplaced", { ...who, cell: cellName(d.cell) });
    case "LensMoved":
      return text("event.lensMoved", { ...who, quadrant: quadrantName(d.quadrant, text) });
    case "WitchStepped":
      return text("event.witchStepped", {
        ...who,
        auto: yes(d.auto),
        cell: cellName(d.cell),
        step: Number(d.step),
      });
    case "SearchEnded":
      return text("event.searchEnded", who);
    case "RoundEnded":
      return roundEnded(d, ctx);
    default:
      return undefined;
  }
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const text = ctx.text;
  switch (event.type) {
    case "ForestLaid":
      return text("event.forestLaid");
    case "SpellsDealt":
      return text("event.spellsDealt", { counts: list(d.counts).map(String).join(", ") });
    case "FirstPlayerChosen": {
      const { mine, name } = seatValues(d.seat, ctx);
      return text("event.firstPlayer", { mine, name });
    }
    case "GameBegan":
      return text("event.began", { preview: d.preview_until_ms ? "yes" : "no" });
    case "PreviewEnded":
      return text("event.previewEnded");
    case "TilesReset":
      return text("event.tilesReset");
    case "GameFinished":
      return gameFinished(d, ctx);
    case "SeedRevealed":
      return text("event.seed");
    default:
      return aroundTheRace(event, ctx) ?? inTheRace(event, ctx) ?? text("event.other");
  }
}
