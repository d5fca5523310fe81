// The live game loop: the page's state is the last view plus the events after it, nothing more.
// WatchGame streams every event (resuming after a dropped connection from the last version seen);
// each new event fetches the view and, for a seat, its legal commands again.
import type { Game, GameEvent, LegalCommand } from "@playledger/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { clientFor } from "../app/client";
import { messageOf } from "./ErrorLine";

export interface LiveGame {
  game?: Game;
  legal: LegalCommand[];
  events: GameEvent[];
  /** The last refusal or failure, in the server's words. */
  error?: string;
  /** True while a command of ours is on its way. */
  sending: boolean;
  live: boolean;
  submit: (command: LegalCommand) => Promise<boolean>;
}

export function useLiveGame(name: string, token: string | undefined): LiveGame {
  const [game, setGame] = useState<Game>();
  const [legal, setLegal] = useState<LegalCommand[]>([]);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [live, setLive] = useState(false);
  const client = useRef(clientFor(token));
  const refresh = useRef<() => void>(() => {});

  useEffect(() => {
    const api = clientFor(token);
    client.current = api;
    const abort = new AbortController();
    let running = false;
    let again = false;
    // Coalesces bursts of events into one read of the view (and legal commands) at a time.
    const load = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const g = await api.getGame(name, { signal: abort.signal });
          const moves =
            token !== undefined && !g.status.finished
              ? await api.legalCommands(name, abort.signal)
              : null;
          if (abort.signal.aborted) return;
          setGame(g);
          setLegal(moves !== null && moves.version === g.version ? moves.commands : []);
          if (moves !== null && moves.version !== g.version) again = true; // moved on in between: read again
        } while (again && !abort.signal.aborted);
      } catch (e) {
        if (!abort.signal.aborted) setError(messageOf(e));
      } finally {
        running = false;
      }
    };
    refresh.current = () => void load();
    void load();
    void (async () => {
      try {
        setLive(true);
        for await (const event of api.watch(name, { signal: abort.signal })) {
          setEvents((seen) =>
            (seen.at(-1)?.version ?? 0) >= event.version ? seen : [...seen, event],
          );
          void load();
        }
      } catch (e) {
        if (!abort.signal.aborted) setError(messageOf(e));
      } finally {
        setLive(false);
      }
    })();
    return () => abort.abort();
  }, [name, token]);

  const submit = useCallback(
    async (command: LegalCommand) => {
      setSending(true);
      setError(undefined);
      try {
        await client.current.submit(name, command.commandType, command.args);
        refresh.current();
        return true;
      } catch (e) {
        setError(messageOf(e));
        refresh.current();
        return false;
      } finally {
        setSending(false);
      }
    },
    [name],
  );

  return {
    ...(game ? { game } : {}),
    legal,
    events,
    ...(error ? { error } : {}),
    sending,
    live,
    submit,
  };
}
