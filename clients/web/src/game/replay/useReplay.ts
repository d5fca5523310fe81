// The data of a replay: the game as it stood when opened, its events up to then, and the view at the
// version being shown, from the seat chosen (a seat's own view at any time; every seat's once it is over).
import type { Game, GameEvent } from "@playledger/client";
import { useEffect, useState } from "react";
import { clientFor } from "../../app/client";
import { type Problem, problemOf } from "../errors";

export interface ReplayData {
  latest?: Game;
  events: GameEvent[];
  shown?: Game;
  problem?: Problem;
}

export function useReplay(
  game: string,
  token: string | undefined,
  version: number | undefined,
  viewer: number | undefined,
): ReplayData {
  const [latest, setLatest] = useState<Game>();
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [shown, setShown] = useState<Game>();
  const [problem, setProblem] = useState<Problem>();

  useEffect(() => {
    const api = clientFor(token);
    const abort = new AbortController();
    void (async () => {
      try {
        const now = await api.getGame(game, { signal: abort.signal });
        setLatest(now);
        const seen: GameEvent[] = [];
        for await (const e of api.watch(game, { signal: abort.signal })) {
          seen.push(e);
          if (e.version >= now.version) break; // the replay covers the game as it stood when opened
        }
        setEvents(seen);
      } catch (e) {
        if (!abort.signal.aborted) setProblem(problemOf(e));
      }
    })();
    return () => abort.abort();
  }, [game, token]);

  useEffect(() => {
    if (version === undefined) return;
    const abort = new AbortController();
    clientFor(token)
      .getGame(game, {
        version,
        ...(viewer === undefined ? {} : { seat: viewer }),
        signal: abort.signal,
      })
      .then(setShown)
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setProblem(problemOf(e));
      });
    return () => abort.abort();
  }, [game, token, version, viewer]);

  return {
    ...(latest ? { latest } : {}),
    events,
    ...(shown ? { shown } : {}),
    ...(problem ? { problem } : {}),
  };
}
