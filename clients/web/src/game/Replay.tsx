// Step through a game version by version, forward and back, from any seat's view or the public one
// (a seat's own view of its own game at any time; every seat's once the game is over).
import type { Game, GameEvent } from "@playledger/client";
import { useEffect, useState } from "react";
import { clientFor } from "../app/client";
import { gameHref } from "../app/route";
import { held, tokenOf } from "../app/seats";
import { uiFor } from "../games/registry";
import { Audit } from "./Audit";
import { EndScreen } from "./EndScreen";
import { ErrorLine, messageOf } from "./ErrorLine";

export function Replay(props: { game: string; seat?: number | undefined }) {
  const mine = props.seat ?? held(props.game).mine;
  const token = tokenOf(props.game, mine);
  const [latest, setLatest] = useState<Game>();
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [version, setVersion] = useState(1);
  const [viewer, setViewer] = useState<number | undefined>(token === undefined ? undefined : mine);
  const [shown, setShown] = useState<Game>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const api = clientFor(token);
    const abort = new AbortController();
    void (async () => {
      try {
        const now = await api.getGame(props.game, { signal: abort.signal });
        setLatest(now);
        setVersion(now.version);
        const seen: GameEvent[] = [];
        for await (const e of api.watch(props.game, { signal: abort.signal })) {
          seen.push(e);
          if (e.version >= now.version) break; // the replay covers the game as it stood when opened
        }
        setEvents(seen);
      } catch (e) {
        if (!abort.signal.aborted) setError(messageOf(e));
      }
    })();
    return () => abort.abort();
  }, [props.game, token]);

  useEffect(() => {
    const abort = new AbortController();
    const api = clientFor(token);
    api
      .getGame(props.game, {
        version,
        ...(viewer === undefined ? {} : { seat: viewer }),
        signal: abort.signal,
      })
      .then(setShown)
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setError(messageOf(e));
      });
    return () => abort.abort();
  }, [props.game, token, version, viewer]);

  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === "ArrowRight") setVersion((v) => Math.min(latest?.version ?? v, v + 1));
      if (e.key === "ArrowLeft") setVersion((v) => Math.max(1, v - 1));
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, [latest]);

  if (!latest) return <ErrorLine error={error} />;
  const ui = uiFor(latest.rules);
  const last = latest.version;
  const event = events.find((e) => e.version === version);
  const canSeeAll = latest.status.finished;
  const step = (to: number) => setVersion(Math.max(1, Math.min(last, to)));
  return (
    <section className="replay">
      <h1>
        {ui.title}: replay <a href={gameHref(latest.name, mine)}>back to the game</a>
      </h1>
      <ErrorLine error={error} />
      <fieldset className="stepper">
        <legend>Step through the game (← →)</legend>
        <button type="button" onClick={() => step(1)} disabled={version <= 1}>
          |◀ start
        </button>
        <button
          type="button"
          onClick={() => step(version - 1)}
          disabled={version <= 1}
          aria-keyshortcuts="ArrowLeft"
        >
          ◀ back
        </button>
        <label>
          version{" "}
          <input
            type="range"
            min={1}
            max={last}
            value={version}
            onChange={(e) => step(Number(e.target.value))}
            aria-valuetext={`version ${version} of ${last}`}
          />{" "}
          <output data-testid="replay-version">
            {version} / {last}
          </output>
        </label>
        <button
          type="button"
          onClick={() => step(version + 1)}
          disabled={version >= last}
          aria-keyshortcuts="ArrowRight"
        >
          forward ▶
        </button>
        <button type="button" onClick={() => step(last)} disabled={version >= last}>
          end ▶|
        </button>
        <label>
          as{" "}
          <select
            value={viewer === undefined ? "" : String(viewer)}
            onChange={(e) => setViewer(e.target.value === "" ? undefined : Number(e.target.value))}
          >
            <option value="">a spectator (public view)</option>
            {latest.players.map((p, s) =>
              canSeeAll || s === mine ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
                <option key={s} value={String(s)}>
                  {p} (seat {s})
                </option>
              ) : null,
            )}
          </select>
        </label>
      </fieldset>
      <p aria-live="polite" data-testid="replay-event">
        {event
          ? ui.describe(event, { players: latest.players, mySeat: viewer })
          : version === 1
            ? "The game is created."
            : ""}
      </p>
      {shown?.view && (
        <ui.Board
          view={shown.view}
          game={shown}
          seat={viewer}
          legal={[]}
          onCommand={() => {}}
          busy={true}
        />
      )}
      {latest.status.finished && version === last && <EndScreen game={latest} />}
      <Audit game={latest} />
    </section>
  );
}
