// What the Grasshopper & Ant drawings share: the server's catalog (loaded once), the chips a path type or a
// card is drawn as (never its id), and who acts.
import type { LegalCommand } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../../app/client";
import { useGameText } from "../../i18n/text";
import type { EventContext } from "../types";
import { cardName, cardType, RULES, setCatalog, typeName } from "./words";

/** Loads this game type's catalog once per page; the words module resolves cards with it. */
let catalogLoad: Promise<void> | undefined;
export function useCatalog(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    catalogLoad ??= spectator
      .listGameTypes()
      .then((types) => setCatalog(types.find((t) => t.name === RULES)?.catalog ?? {}))
      .catch(() => {
        catalogLoad = undefined; // the next board tries again
      });
    void catalogLoad.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export function TypeChip({ type }: { type: string }) {
  const text = useGameText(RULES);
  return <span className={`ga-chip ga-${type}`}>{typeName(type, text)}</span>;
}

/** A path card by type and insect, never by its id. */
export function CardChip({ card }: { card: string }) {
  const text = useGameText(RULES);
  return <span className={`ga-chip ga-${cardType(card)}`}>{cardName(card, text)}</span>;
}

export interface Acting {
  legal: LegalCommand[];
  busy: boolean;
  send: (c: LegalCommand) => void;
  ctx: EventContext;
}
