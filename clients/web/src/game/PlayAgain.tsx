// Play again, on a finished game's end screen: a seat asks for the rematch (the same table, options and
// players, a new deal) and goes to it; every other page of the game learns of it (GetGame names it once it
// exists) and offers the way there. Seats keep their tokens: this browser's tokens for the old game are
// kept under the rematch's name too, so each person sits at their own seat again.
import type { Game } from "@playledger/client";
import { useEffect, useState } from "react";
import { clientFor } from "../app/client";
import { gameHref } from "../app/route";
import { held, hold } from "../app/seats";
import { useT } from "../i18n/text";
import { ProblemLine } from "./ErrorLine";
import { type Problem, problemOf } from "./errors";
import { sleep } from "./live/backoff";

/** How often an end screen looks for a rematch: often at first (people decide then), then now and then. */
const LOOK_EVERY_MS = 2_000;
const LOOK_LATER_MS = 15_000;
const LOOK_OFTEN_FOR_MS = 5 * 60_000;

/** This browser's seats of `from` held for `to` as well (the server took the tokens over). */
export function carrySeats(from: string, to: string): void {
  const old = held(from);
  if (Object.keys(old.tokens).length === 0) return; // a spectator's page: nothing to carry
  hold(to, (h) => ({
    ...h,
    ...(h.mine === undefined && old.mine !== undefined ? { mine: old.mine } : {}),
    tokens: { ...old.tokens, ...h.tokens },
  }));
}

/** The rematch of a finished game, once someone asked for it: GetGame now and then, while in view. */
function useRematch(game: Game, token: string | undefined): string | undefined {
  const [found, setFound] = useState(game.rematchedAs);
  const finished = game.status.finished;
  useEffect(() => {
    if (found !== undefined || !finished) return;
    const abort = new AbortController();
    const api = clientFor(token, { retry: { attempts: 1 } });
    const since = Date.now();
    void (async () => {
      while (!abort.signal.aborted) {
        const often = Date.now() - since < LOOK_OFTEN_FOR_MS;
        await sleep(often ? LOOK_EVERY_MS : LOOK_LATER_MS, abort.signal);
        if (document.hidden || abort.signal.aborted) continue;
        try {
          const now = await api.getGame(game.name, { signal: abort.signal });
          if (now.rematchedAs) return setFound(now.rematchedAs);
        } catch {
          // the next look tries again
        }
      }
    })();
    return () => abort.abort();
  }, [found, finished, game.name, token]);
  return found ?? game.rematchedAs;
}

export function PlayAgain(props: { game: Game; mySeat: number | undefined; token?: string }) {
  const { game, mySeat, token } = props;
  const t = useT();
  const rematch = useRematch(game, token);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  useEffect(() => {
    if (rematch) carrySeats(game.name, rematch);
  }, [game.name, rematch]);
  const again = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const made = await clientFor(token).rematch(game.name);
      carrySeats(game.name, made.game.name);
      window.location.hash = gameHref(made.game.name, mySeat);
    } catch (e) {
      setProblem(problemOf(e));
      setBusy(false);
    }
  };
  if (!rematch && mySeat === undefined) return null;
  return (
    <div className="play-again">
      {rematch ? (
        <a
          className="button primary"
          href={gameHref(rematch, mySeat)}
          onClick={() => carrySeats(game.name, rematch)}
        >
          {t("end.toRematch")}
        </a>
      ) : (
        <button type="button" className="primary" disabled={busy} onClick={() => void again()}>
          {t("end.playAgain")}
        </button>
      )}
      <ProblemLine problem={problem} players={game.players} />
    </div>
  );
}
