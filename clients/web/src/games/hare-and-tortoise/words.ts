import type { GameEvent, JsonValue, LegalCommand } from "@playledger/client";
import { who } from "../generic";
import type { EndWords, EventContext, ViewOf } from "../types";

export const ANIMALS = ["HARE", "TORTOISE", "WOLF", "FOX", "LAMB"] as const;
export type Animal = (typeof ANIMALS)[number];
/** Each animal's colour on the track and its cards. */
export const COLOR: Record<Animal, string> = {
  HARE: "#8a5a2b",
  TORTOISE: "#2f7d32",
  WOLF: "#222",
  FOX: "#d9661f",
  LAMB: "#2c6fbb",
};
const NAMES: Record<string, string> = {
  HARE: "Hare",
  TORTOISE: "Tortoise",
  WOLF: "Wolf",
  FOX: "Fox",
  LAMB: "Lamb",
};
const CARD_ANIMAL: Record<string, Animal> = {
  HARE: "HARE",
  TORT: "TORTOISE",
  WOLF: "WOLF",
  FOX: "FOX",
  LAMB: "LAMB",
};

export function animalName(animal: unknown): string {
  return NAMES[String(animal)] ?? String(animal);
}

/** The animal on a racing or bet card, from its id (R-FOX-03, B-WOLF); undefined for a hidden card ("?"). */
export function cardAnimal(card: string): Animal | undefined {
  const part = card.split("-")[1];
  return part === undefined ? undefined : CARD_ANIMAL[part];
}

function cards(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function cardList(list: string[]): string {
  return list.every((c) => c === "?")
    ? `${list.length} card${list.length === 1 ? "" : "s"}`
    : list.join(" + ");
}

export function label(command: LegalCommand): string {
  if (command.label) return command.label;
  const a = command.args;
  if (command.commandType === "choose_second_bet") return `Bet on ${String(a.card)}`;
  if (command.commandType === "play_cards") return `Play ${cardList(cards(a.cards))}`;
  if (command.commandType === "move_animal") return `Move the ${animalName(a.animal)}`;
  return command.commandType;
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const subject = (seat: JsonValue | undefined) =>
    who(typeof seat === "number" ? seat : undefined, ctx) || "Someone";
  switch (event.type) {
    case "RaceSetUp":
      return `Race ${String(d.race)} is laid out and the cards are dealt; ${subject(d.first_player)} start${d.first_player === ctx.mySeat ? "" : "s"}.`;
    case "SecondBetChosen":
      return d.card === "?"
        ? `${subject(d.seat)} chose a second bet.`
        : `${subject(d.seat)} bet on ${String(d.card)}.`;
    case "CardsPlayed": {
      const played = cards(d.cards);
      return `${subject(d.seat)} played ${played.length} ${animalName(cardAnimal(played[0] ?? ""))} card${played.length === 1 ? "" : "s"} (${played.join(", ")}).`;
    }
    case "CardsDrawn":
      return `${subject(d.seat)} drew ${cardList(cards(d.cards))}.`;
    case "DiscardReshuffled":
      return `The deck ran out: ${String(d.cards)} discarded cards were shuffled into a new deck.`;
    case "TurnPassed":
      return `${subject(d.seat)} ${d.seat === ctx.mySeat ? "are" : "is"} next.`;
    case "RacingPhaseStarted":
      return d.howl
        ? "Racing phase, with a Howl: only the Wolf runs."
        : "Racing phase: the animals run.";
    case "AnimalMoved": {
      const name = animalName(d.animal);
      if (d.note === "nap") return `The ${name} leads, so it naps.`;
      if (d.note === "howl") return `The ${name} freezes at the Wolf's howl.`;
      const why =
        d.note === "stream"
          ? " and stops at the stream"
          : d.note === "turbo"
            ? " on its Turbo token"
            : "";
      return `The ${name} runs from ${String(d.start)} to ${d.end === 12 ? "the finish" : String(d.end)}${why}.`;
    }
    case "AnimalCrossed":
      return `The ${animalName(d.animal)} crosses the finish line.`;
    case "AnimalFinished":
      return `The ${animalName(d.animal)} takes place ${String(d.place)} on the podium.`;
    case "RoundEnded":
      return `The round is over; ${subject(d.first_player)} start${d.first_player === ctx.mySeat ? "" : "s"} the next one.`;
    case "RaceFinished":
      return `Race ${String(d.race)} is over; bets are revealed and scored: ${cards(d.scores).join(", ")}.`;
    case "GameFinished": {
      const winners = cards(d.winners).map(Number);
      const alone = winners.length === 1 && winners[0] !== ctx.mySeat; // "You win", "Bob wins"
      return `The game is over: ${winners.map(subject).join(" and ")} win${alone ? "s" : ""}.`;
    }
    case "SeedRevealed":
      return "The seed is revealed: anyone can now check every shuffle of this game.";
    default:
      return event.type;
  }
}

/** How the race (or the series) ended, and the tie-break a single race has: the bets' places. */
export function endWords(view: ViewOf<"hare-and-tortoise">): EndWords {
  const rematches = view.results.length - view.races;
  const key =
    rematches > 0
      ? "end.rematch"
      : view.races > 1
        ? "end.series"
        : view.variant === "turbo"
          ? "end.turbo"
          : "end.podium";
  return { reason: { key }, ...(view.races === 1 ? { tieBreak: { key: "tie.bets" } } : {}) };
}
