// The Hare & the Tortoise in words: the animals and cards by their names in the page's language (never
// their ids), the server's catalog (the movement table, which wolf cards howl, the podium's points), the
// labels of commands and how a race ended. The event sentences are in events.ts.
import type { JsonValue, LegalCommand } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";
import type { GameText } from "../../i18n/text";
import type { EndWords, EventContext, ViewOf } from "../types";

export const RULES = "hare-and-tortoise";
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
const CARD_ANIMAL: Record<string, Animal> = {
  HARE: "HARE",
  TORT: "TORTOISE",
  WOLF: "WOLF",
  FOX: "FOX",
  LAMB: "LAMB",
};

export function isAnimal(value: unknown): value is Animal {
  return ANIMALS.includes(value as Animal);
}

/** "Hare", "Λαγός": an animal's name (a bare id stays as it is only for an animal this page does not know). */
export function animalName(animal: unknown, text: GameText): string {
  return isAnimal(animal) ? text(`animal.${animal}`) : String(animal);
}

/** "The Hare", "Ο Λαγός": the animal as a sentence's subject. */
export function animalSubject(animal: unknown, text: GameText): string {
  return isAnimal(animal) ? text(`subject.${animal}`) : String(animal);
}

/** "Hare", "Λαγού": the animal as in "cards of the Hare". */
export function animalOf(animal: unknown, text: GameText): string {
  return isAnimal(animal) ? text(`animal.of.${animal}`) : String(animal);
}

/** The animal on a racing or bet card, from its id (R-FOX-03, B-WOLF); undefined for a hidden card ("?"). */
export function cardAnimal(card: string): Animal | undefined {
  const part = card.split("-")[1];
  return part === undefined ? undefined : CARD_ANIMAL[part];
}

// --- the server's catalog of the game (ListGameTypes): fetched once per page ---------------------------
export interface Catalog {
  cards: Record<string, { kind: string; animal: string; howl?: boolean }>;
  movement?: Record<string, number[]>;
  podium_points: number[];
  limits: { cards_per_round: number; cards_per_turn: number; cards_per_animal_per_round: number };
}

let catalog: Catalog | undefined;
let loading: Promise<Catalog | undefined> | undefined;

function loadCatalog(): Promise<Catalog | undefined> {
  loading ??= spectator
    .listGameTypes()
    .then((types) => {
      const found = types.find((t) => t.name === RULES);
      catalog = found ? (found.catalog as unknown as Catalog) : undefined;
      return catalog;
    })
    .catch(() => {
      loading = undefined; // asked again by the next page that needs it
      return undefined;
    });
  return loading;
}

/** The catalog once it is here (undefined until then: the page draws without its aids meanwhile). */
export function useCatalog(): Catalog | undefined {
  const [found, setFound] = useState(catalog);
  useEffect(() => {
    if (found) return;
    let current = true;
    void loadCatalog().then((c) => {
      if (current && c) setFound(c);
    });
    return () => {
      current = false;
    };
  }, [found]);
  return found;
}

/** Whether a racing card carries the Wolf's Howl (the catalog says which). */
export function isHowl(card: string): boolean {
  return catalog?.cards[card]?.howl === true;
}

/** "Fox 03", "Wolf 01 (Howl)", "Fox (starting bet)": a card as a player reads it, never its id. */
export function cardName(card: JsonValue | undefined, text: GameText): string {
  const id = String(card);
  const animal = cardAnimal(id);
  if (animal === undefined) return text("card.hidden");
  const name = animalName(animal, text);
  if (id.startsWith("B-")) return text("card.bet", { animal: name });
  return text("card.racing", {
    animal: name,
    number: id.split("-")[2] ?? "",
    howl: isHowl(id) ? "yes" : "no",
  });
}

export function cardNames(cards: JsonValue | undefined, text: GameText): string {
  return (Array.isArray(cards) ? cards : []).map((c) => cardName(c, text)).join(" + ");
}

function cards(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** A move's words, the same on the board's buttons and in the list of moves. */
export function label(command: LegalCommand, ctx: EventContext): string {
  const a = command.args;
  const text = ctx.text;
  switch (command.commandType) {
    case "choose_second_bet":
      return text("hand.bet", { card: cardName(a.card, text) });
    case "play_cards":
      return text("hand.play", { cards: cardNames(cards(a.cards), text) });
    case "move_animal":
      return text("label.move", { animal: animalName(a.animal, text) });
    default:
      return text.has(`command.${command.commandType}`)
        ? text(`command.${command.commandType}`)
        : command.commandType;
  }
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cid" in the game's words. */
export function joinNames(names: string[], text: GameText): string {
  if (names.length < 2) return names[0] ?? "";
  return text("names.and", { first: names.slice(0, -1).join(", "), last: names.at(-1) ?? "" });
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
