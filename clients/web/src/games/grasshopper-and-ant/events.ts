// One short sentence per event of The Grasshopper & the Ant, in the page's language: "you" for this page's
// own seat, the players' names otherwise, cards by type and insect, provisions and powers by name.
import type { GameEvent, JsonValue } from "@playledger/client";
import type { EventContext } from "../types";
import {
  cardName,
  cardNames,
  cellName,
  list,
  powerName,
  provisionName,
  seatName,
  strings,
  typeName,
} from "./words";

type Data = Record<string, JsonValue>;

function roles(d: Data, ctx: EventContext) {
  return { ant: seatName(d.ant, ctx), cicada: seatName(d.cicada, ctx) };
}

function revealed(d: Data, ctx: EventContext): string {
  return ctx.text("event.revealed", {
    type: typeName(d.ant_marker, ctx.text),
    right: d.cicada_right === true ? "yes" : "no",
    name: seatName(d.collector, ctx),
    cards: cardNames(d.cards, ctx.text),
  });
}

function drawn(d: Data, ctx: EventContext): string {
  const why = ["red_ant", "exact_change", "ladybug", "cocoon"].includes(String(d.reason))
    ? String(d.reason)
    : "none";
  return ctx.text("event.drawn", {
    name: seatName(d.seat, ctx),
    card: cardName(d.card, ctx.text),
    why,
  });
}

function finished(d: Data, ctx: EventContext): string {
  const winners = list(d.winners).map((s) => seatName(s, ctx));
  const last = winners.at(-1) ?? "";
  const names =
    winners.length < 2
      ? last
      : ctx.text("names.and", { first: winners.slice(0, -1).join(", "), last });
  return ctx.text("event.finished", { count: winners.length, names });
}

/** The events of the Winter market and powers. */
function winter(event: GameEvent, ctx: EventContext): string | undefined {
  const d = event.data;
  const text = ctx.text;
  const name = seatName(d.seat, ctx);
  switch (event.type) {
    case "PowerGained":
      return text("event.powerGained", {
        name,
        card: cardName(d.discarded, text),
        power: powerName(d.power, text),
        from: typeof d.from_seat === "number" ? seatName(d.from_seat, ctx) : "none",
      });
    case "PowerDeclined":
      return text("event.powerDeclined", { name });
    case "ProvisionBought":
      return text("event.bought", {
        name,
        provision: provisionName(d.provision, text),
        cards: cardNames(d.paid, text),
      });
    case "ProvisionsSwapped":
      return text("event.swapped", {
        name,
        given: provisionName(d.given, text),
        received: provisionName(d.received, text),
        from: typeof d.other_seat === "number" ? seatName(d.other_seat, ctx) : "market",
      });
    case "AcquisitionEnded":
      return text("event.acquisitionEnded", { name });
    case "MarketRefilled":
      return text("event.marketRefilled", {
        cards: strings(d.cards)
          .map((c) => provisionName(c, text))
          .join(", "),
      });
    case "CardsCollected":
      return text("event.collected", { name, cards: cardNames(d.cards, text) });
    case "InsectResolved":
      return d.card === d.taken
        ? text("event.insectKept", { name, card: cardName(d.card, text) })
        : text("event.insectSwapped", {
            name,
            card: cardName(d.card, text),
            take: cardName(d.taken, text),
          });
    default:
      return undefined;
  }
}

export function describe(event: GameEvent, ctx: EventContext): string {
  const d = event.data;
  const text = ctx.text;
  const name = seatName(d.seat, ctx);
  switch (event.type) {
    case "GameSetUp":
      return text("event.setUp", { season: String(d.mode), ...roles(d, ctx) });
    case "RoundStarted":
      return text("event.round", { round: Number(d.round), ...roles(d, ctx) });
    case "AntsPlaced":
      return text("event.antsPlaced", { name, cells: list(d.cells).map(cellName).join(" ") });
    case "MarkerChosen":
      return d.path_type === null || d.path_type === undefined
        ? text("event.markerChosen", { name })
        : text("event.markerChosenShown", { name, type: typeName(d.path_type, text) });
    case "MarkerPeeked":
      return d.path_type === null || d.path_type === undefined
        ? text("event.peeked", { name, slot: Number(d.slot) + 1 })
        : text("event.peekedShown", {
            name,
            slot: Number(d.slot) + 1,
            type: typeName(d.path_type, text),
          });
    case "CicadaPlaced":
      return text("event.cicadaPlaced", { name, cell: cellName(d.cell) });
    case "MarkersRevealed":
      return revealed(d, ctx);
    case "PantryFilled":
      return text("event.pantry", {
        name,
        type: typeName(d.shelf, text),
        position: Number(d.position),
        lost: Number(d.lost),
        kept: cardNames(d.kept, text),
      });
    case "PathCardDrawn":
      return drawn(d, ctx);
    case "DeckReshuffled":
      return text("event.reshuffled", { count: strings(d.cards).length });
    case "GridRefilled":
      return text("event.refilled", { count: list(d.placements).length });
    case "GameFinished":
      return finished(d, ctx);
    case "SeedRevealed":
      return text("event.seed");
    default:
      return winter(event, ctx) ?? text("event.other");
  }
}
