// The live game for a component: the feed's snapshot, redrawn on every change, and what the page may do.
import type { Game, GameEvent, GameStatus, LegalCommand } from "@playledger/client";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Problem } from "../errors";
import { type Connection, LiveFeed } from "./feed";

export interface LiveGame {
  game?: Game;
  /** The status of the newest version known (it may be ahead of game.view for a moment). */
  status?: GameStatus;
  /** The seat's legal commands, when they belong to the view drawn (else none: the next view is coming). */
  legal: LegalCommand[];
  events: GameEvent[];
  connection: Connection;
  clockOffsetMs: number;
  sending: boolean;
  problem?: Problem;
  fresh: number;
  submit: (command: LegalCommand) => Promise<boolean>;
  clearProblem: () => void;
  feed: LiveFeed;
}

export function useLiveGame(
  name: string,
  token: string | undefined,
  hasMessage?: (id: string) => boolean,
): LiveGame {
  const [feed] = useState(() => new LiveFeed(name, token));
  useEffect(() => {
    feed.start();
    return () => feed.stop();
  }, [feed]);
  if (hasMessage) feed.hasMessage = hasMessage;
  const s = useSyncExternalStore(feed.subscribe, feed.snapshot);
  const drawn = s.game?.version;
  return {
    ...(s.game ? { game: s.game } : {}),
    ...(s.status ? { status: s.status } : {}),
    legal: drawn !== undefined && s.legal.version === drawn ? s.legal.commands : [],
    events: s.events,
    connection: s.connection,
    clockOffsetMs: s.clockOffsetMs,
    sending: s.sending,
    ...(s.problem ? { problem: s.problem } : {}),
    fresh: s.fresh,
    submit: (c) => feed.submit(c),
    clearProblem: () => feed.clearProblem(),
    feed,
  };
}
