// What a screen reader hears on the game page: "Your turn" when it becomes so, and each move of the
// other players (and the game's own events) as it arrives live; never the history read at the start,
// nor this page's own moves (the player just made them).
import { useEffect, useRef } from "react";
import { useAnnounce } from "../a11y/Announcer";
import { uiFor } from "../games/registry";
import type { EventContext } from "../games/types";
import type { LiveGame } from "./live/useLiveGame";
import { describeEvent } from "./tableWords";

export function useAnnouncements(live: LiveGame, ctx: EventContext, myTurn: boolean): void {
  const announce = useAnnounce();
  const told = useRef(live.fresh);
  const rules = live.game?.rules;
  useEffect(() => {
    if (live.fresh <= told.current || rules === undefined) return;
    const news = live.events.slice(-(live.fresh - told.current));
    told.current = live.fresh;
    const ui = uiFor(rules);
    for (const e of news) {
      if (e.seat !== undefined && e.seat === ctx.mySeat) continue;
      announce(describeEvent(ui, e, ctx));
    }
  }, [live.fresh, live.events, rules, ctx, announce]);
  const wasMyTurn = useRef(false);
  useEffect(() => {
    if (myTurn && !wasMyTurn.current) announce(ctx.t("turn.yours"), { urgent: true });
    wasMyTurn.current = myTurn;
  }, [myTurn, announce, ctx]);
}
