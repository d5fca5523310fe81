// The live game, outside React: the last view plus the events after it, kept current for as long as the
// page is open. Its sources, and what each costs:
// - the seat's (or a spectator's) WatchGame stream: every event, with the status and, on settled updates,
//   the seat's legal commands: no ListLegalCommands call, ever;
// - SubmitCommand's answer for the mover: its events, status and next legal commands at once;
// - the game itself (its view) rides on both: settled watch updates and the mover's answer carry it
//   (includeGame), so a move costs the mover one call and every other page none beyond its watch;
// - GetGame when the page opens or reconnects, and as a fallback for a settled version that came without the
//   game (a server older than includeGame), coalesced (a burst is one read, a read in flight never doubled).
// When the stream fails, the page says "reconnecting…", probes with GetGame (which is also the fresh view)
// on a capped backoff for as long as it is open, and resumes the stream after the last version it holds.
import type { Game, GameEvent, GameStatus, GameUpdate, LegalCommand } from "@playledger/client";
import { PlayLedgerError } from "@playledger/client";
import { clientFor } from "../../app/client";
import { type Problem, problemOf } from "../errors";
import { reconnectDelayMs, sleep } from "./backoff";

export type Connection = "connecting" | "live" | "reconnecting" | "closed";

export interface LiveSnapshot {
  /** The last GetGame: the game's players, options and the view at game.version. */
  game?: Game;
  /** Every event seen, in version order (the stream's and the mover's own). */
  events: GameEvent[];
  /** The newest trusted status (settled updates, submit answers, GetGame) and its version. */
  status?: GameStatus;
  statusVersion: number;
  /** The seat's legal commands at `version` (empty when it is not to act). */
  legal: { version: number; commands: LegalCommand[] };
  connection: Connection;
  /** When the server's clock is ahead of this browser's, by how much (ms), from the last GetGame. */
  clockOffsetMs: number;
  /** A command of ours on its way. */
  sending: boolean;
  /** The last refusal or failure, until the game moves past it (or its time passes). */
  problem?: Problem | undefined;
  /** The events that arrived live (not the history read when the page opened), for the announcer. */
  fresh: number;
}

const KEEP_EVENTS = 400;
const PERMANENT = new Set([
  "GAME_NOT_FOUND",
  "TOKEN_NOT_OF_THIS_GAME",
  "UNAUTHENTICATED",
  "BAD_GAME_NAME",
  "SPECTATORS_NOT_ALLOWED", // a private table: only its players watch it while it is in play
]);

export class LiveFeed {
  #state: LiveSnapshot = {
    events: [],
    statusVersion: -1,
    legal: { version: -1, commands: [] },
    connection: "connecting",
    clockOffsetMs: 0,
    sending: false,
    fresh: 0,
  };
  readonly #listeners = new Set<() => void>();
  #abort = new AbortController();
  /** The page's own calls: no retries inside the SDK, so the page knows when it is cut off. */
  readonly #probe;
  /** Submits retry (with the same request_id) and view reads ride out a blip. */
  readonly #api;
  #streamVersion = 0;
  #wantView = 0;
  #reading = false;
  #historyUntil = Number.POSITIVE_INFINITY;

  constructor(
    readonly name: string,
    token: string | undefined,
  ) {
    this.#api = clientFor(token);
    this.#probe = clientFor(token, { retry: { attempts: 1 }, watchRetry: { attempts: 1 } });
  }

  snapshot = (): LiveSnapshot => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(change: Partial<LiveSnapshot>): void {
    this.#state = { ...this.#state, ...change };
    for (const l of this.#listeners) l();
  }

  start(): void {
    if (this.#abort.signal.aborted) this.#abort = new AbortController(); // started again (StrictMode)
    void this.#run();
  }

  stop(): void {
    this.#abort.abort();
  }

  /** The newest version this page knows of. */
  get version(): number {
    return Math.max(this.#state.game?.version ?? 0, this.#state.events.at(-1)?.version ?? 0);
  }

  async #run(): Promise<void> {
    const signal = this.#abort.signal;
    let failingSince: number | undefined;
    while (!signal.aborted) {
      try {
        if (this.#state.connection !== "live") {
          this.#applyGame(await this.#probe.getGame(this.name, { signal }));
          failingSince = undefined;
          this.#set({ connection: "live" });
        }
        if (this.#streamVersion === 0) this.#historyUntil = this.#state.game?.version ?? 0;
        const updates = this.#probe.updates(this.name, {
          afterVersion: this.#streamVersion,
          includeGame: true,
          signal,
        });
        for await (const update of updates) this.#applyUpdate(update);
        if (!signal.aborted) this.#set({ connection: "closed" }); // the game's last event came
        return;
      } catch (caught) {
        if (signal.aborted) return;
        const error = PlayLedgerError.from(caught);
        if (PERMANENT.has(error.reason)) {
          this.#set({ connection: "closed", problem: problemOf(error) });
          return;
        }
        failingSince ??= Date.now();
        this.#set({ connection: "reconnecting" });
        await sleep(reconnectDelayMs(Date.now() - failingSince), signal);
      }
    }
  }

  #applyGame(game: Game): void {
    this.#set(this.#gameChange(game));
  }

  /** What a read of the game (GetGame, or one riding on an update or an answer) changes. */
  #gameChange(game: Game): Partial<LiveSnapshot> {
    const s = this.#state;
    if (s.game !== undefined && game.version < s.game.version) return {}; // an older read came back late
    const offset = game.readTime ? game.readTime.getTime() - Date.now() : s.clockOffsetMs;
    const newer = game.version >= s.statusVersion;
    return {
      game,
      clockOffsetMs: offset,
      ...(newer ? { status: game.status, statusVersion: game.version } : {}),
      ...this.#expire(game.version),
    };
  }

  #addEvents(events: GameEvent[]): GameEvent[] {
    const known = this.#state.events;
    const last = known.at(-1)?.version ?? 0;
    const added = events.filter(
      (e) => e.version > last || !known.some((k) => k.version === e.version),
    );
    if (added.length === 0) return known;
    const all = [...known, ...added].sort((a, b) => a.version - b.version);
    return all.length > KEEP_EVENTS ? all.slice(-KEEP_EVENTS) : all;
  }

  #applyUpdate(update: GameUpdate): void {
    if (update.version <= this.#streamVersion) return;
    this.#streamVersion = update.version;
    const live = update.version > this.#historyUntil;
    const change: Partial<LiveSnapshot> = {
      events: this.#addEvents([update.event]),
      ...(live ? { fresh: this.#state.fresh + 1 } : {}),
      ...this.#expire(update.version),
    };
    if (update.settled && update.version >= this.#state.statusVersion) {
      change.status = update.status;
      change.statusVersion = update.version;
      change.legal = { version: update.version, commands: update.legalCommands };
    }
    this.#set(update.game === undefined ? change : { ...change, ...this.#gameChange(update.game) });
    if (update.settled && update.game === undefined) this.#needView(update.version);
  }

  /** A refusal no longer true once the game moved past it. */
  #expire(version: number): Partial<LiveSnapshot> {
    const p = this.#state.problem;
    if (p === undefined || p.version === undefined || version <= p.version) return {};
    return { problem: undefined };
  }

  clearProblem(): void {
    if (this.#state.problem) this.#set({ problem: undefined });
  }

  #needView(version: number): void {
    this.#wantView = Math.max(this.#wantView, version);
    if (!this.#reading) void this.#readViews();
  }

  async #readViews(): Promise<void> {
    this.#reading = true;
    try {
      while ((this.#state.game?.version ?? -1) < this.#wantView && !this.#abort.signal.aborted) {
        this.#applyGame(await this.#api.getGame(this.name, { signal: this.#abort.signal }));
      }
    } catch {
      // the stream's failure shows it; its probe reads the view again when the server is back
    } finally {
      this.#reading = false;
    }
  }

  /** Sends a command; the answer moves this page on by itself (its events, status and legal commands). */
  async submit(command: LegalCommand): Promise<boolean> {
    this.#set({ sending: true, problem: undefined });
    try {
      const r = await this.#api.submit(this.name, command.commandType, command.args, {
        includeGame: true,
        signal: this.#abort.signal,
      });
      const newer = r.version >= this.#state.statusVersion;
      this.#set({
        sending: false,
        events: this.#addEvents(r.events),
        ...(newer
          ? {
              status: r.status,
              statusVersion: r.version,
              legal: { version: r.version, commands: r.legalCommands },
            }
          : {}),
        ...(r.game === undefined ? {} : this.#gameChange(r.game)),
      });
      if (r.game === undefined) this.#needView(r.version);
      return true;
    } catch (caught) {
      if (this.#abort.signal.aborted) return false;
      const rules = this.#state.game?.rules;
      const problem = problemOf(caught, rules, (key) => this.hasMessage(`${rules}:${key}`));
      this.#set({
        sending: false,
        problem: { ...problem, version: problem.version ?? this.version },
      });
      if (problem.version !== undefined) this.#needView(problem.version);
      return false;
    }
  }

  /** Set by the page: whether the catalog has a message id (a game's own refusals, "rules:reason.X"). */
  hasMessage: (id: string) => boolean = () => false;
}
