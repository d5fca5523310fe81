// One short sentence per event of The Hare & the Tortoise, in the page's language: "you" for this page's
// own seat (its verbs conjugated so), the players' names otherwise, the animals and cards by name.
import type { GameEvent, JsonValue } from "@playledger/client";
import type { EventContext } from "../types";
import { animalOf, animalSubject, cardAnimal, cardNames, isHowl, joinNames } from "./words";

function list(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** The values naming a seat in a message: mine ("yes" on this page's own seat) and name. */
function seat(value: JsonValue | undefined, ctx: EventContext) {
  const s = typeof value === "number" ? value : -1;
  return {
    mine: s >= 0 && s === ctx.mySeat ? "yes" : "no",
    name: ctx.players[s] ?? ctx.text("event.someone"),
  };
}

function played(d: Record<string, JsonValue>, ctx: EventContext): string {
  const cards = list(d.cards).map(String);
  return ctx.text("event.played", {
    ...seat(d.seat, ctx),
    count: cards.length,
    animal: animalOf(cardAnimal(cards[0] ?? ""), ctx.text),
    howl: cards.filter(isHowl).length,
  });
}

function moved(d: Record<string, JsonValue>, ctx: EventContext): string {
  const animal = animalSubject(d.animal, ctx.text);
  if (d.note === "nap") return ctx.text("event.nap", { animal });
  if (d.note === "howl") return ctx.text("event.howled", { animal });
  return ctx.text("event.moved", {
    animal,
    from: Number(d.start),
    to: Number(d.end),
    why: d.note === "stream" || d.note === "turbo" ? d.note : "none",
  });
}

function gameFinished(d: Record<string, JsonValue>, ctx: EventContext): string {
  const winners = list(d.winners).map(Number);
  const mine = ctx.mySeat !== undefined && winners.includes(ctx.mySeat);
  const others = winners.filter((s) => s !== ctx.mySeat).map((s) => ctx.players[s] ?? "");
  return ctx.text("event.gameFinished", {
    mine: mine ? "yes" : "no",
    count: winners.length,
    names: joinNames(mine ? others : winners.map((s) => ctx.players[s] ?? ""), ctx.text),
  });
}

function raceFinished(d: Record<string, JsonValue>, ctx: EventContext): string {
  const scores = list(d.scores)
    .map((score, s) => `${ctx.players[s] ?? ""} ${String(score)}`)
    .join(", ");
  return ctx.text("event.raceFinished", { race: Number(d.race), scores });
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const text = ctx.text;
  switch (event.type) {
    case "RaceSetUp":
      return text("event.raceSetUp", { race: Number(d.race), ...seat(d.first_player, ctx) });
    case "SecondBetChosen":
      return text("event.secondBet", {
        ...seat(d.seat, ctx),
        card: cardNames([d.card ?? ""], text),
      });
    case "CardsPlayed":
      return played(d, ctx);
    case "CardsDrawn": {
      const drawn = list(d.cards);
      const hidden = drawn.every((c) => c === "?");
      return text("event.drew", {
        ...seat(d.seat, ctx),
        ...(hidden ? { mine: "no" } : {}),
        count: drawn.length,
        cards: hidden ? "" : cardNames(drawn, text),
      });
    }
    case "DiscardReshuffled":
      return text("event.reshuffled", { count: Number(d.cards) });
    case "TurnPassed":
      return text("event.turn", seat(d.seat, ctx));
    case "RacingPhaseStarted":
      return text("event.racing", { howl: d.howl ? "yes" : "no" });
    case "AnimalMoved":
      return moved(d, ctx);
    case "AnimalCrossed":
      return text("event.crossed", { animal: animalSubject(d.animal, text) });
    case "AnimalFinished":
      return text("event.finished", {
        animal: animalSubject(d.animal, text),
        place: Number(d.place),
      });
    case "RoundEnded":
      return text("event.roundEnded", seat(d.first_player, ctx));
    case "RaceFinished":
      return raceFinished(d, ctx);
    case "GameFinished":
      return gameFinished(d, ctx);
    case "SeedRevealed":
      return text("event.seed");
    default:
      return event.type;
  }
}
