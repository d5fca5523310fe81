// What the Grasshopper & Ant drawings share: the catalog (loaded once), the words for roles and phases,
// readers of the view's JSON, the chips a path type or a card is drawn as, and who acts.
import type { JsonObject, LegalCommand } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";
import { cardInsect, cardType, insectName, list, setCatalog, typeName } from "./words";

const RULES = "grasshopper-and-ant";
export const ROLE_NAMES: Record<string, string> = {
  ant: "Ant",
  cicada: "Cicada",
  red_ant: "Red Ant",
  idle: "sits out",
};
export const PHASES: Record<string, string> = {
  ant_place: "the Ant lays its 6 ants",
  choices: "secret markers are being chosen",
  cicada: "the Cicada picks an ant to sit on",
  insects: "the Ant takes its cards (insect help)",
  power: "the Ant may gain a power",
  acquire: "the collector may buy a provision",
  finished: "the game is over",
};

export function record(value: unknown): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}
export const key = (cell: unknown) => list(cell).map(Number).join(",");

/** Loads this game type's catalog once per page; the words module resolves names with it. */
let catalogLoad: Promise<void> | undefined;
export function useCatalog(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    catalogLoad ??= spectator
      .listGameTypes()
      .then((types) => setCatalog(types.find((t) => t.name === RULES)?.catalog ?? {}))
      .catch(() => {
        catalogLoad = undefined; // names fall back to ids; the next board tries again
      });
    void catalogLoad.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export function TypeChip({ type, text }: { type: string; text?: string }) {
  return <span className={`ga-chip ga-${type}`}>{text ?? typeName(type)}</span>;
}

export function CardChip({ card }: { card: string }) {
  const insect = cardInsect(card);
  return (
    <span className={`ga-chip ga-${cardType(card)}`} title={typeName(cardType(card))}>
      {card}
      {insect ? ` · ${insectName(insect)}` : ""}
    </span>
  );
}

export interface Acting {
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
}
