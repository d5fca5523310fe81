// The typed SDK over the generated GameService client: plain numbers and JSON
// out, seat tokens in, idempotent retries of submit, resumable watching.
import {
  type CallOptions,
  type Client,
  Code,
  createClient,
  type Transport,
} from "@connectrpc/connect";
import * as convert from "./convert.js";
import { PlayLedgerError } from "./errors.js";
import { GameService } from "./gen/playledger/v1/games_pb.js";
import { newRequestId } from "./request-id.js";
import { backoffMs, DEFAULT_RETRY, DEFAULT_WATCH_RETRY, type RetryPolicy, sleep } from "./retry.js";
import type {
  BotSeat,
  CreatedGame,
  Game,
  GameEvent,
  GameType,
  GameUpdate,
  JsonObject,
  LegalCommands,
  Submitted,
  TableSettings,
  TimeControl,
} from "./types.js";

/** The event that closes a finished game's stream: nothing follows it. */
export const SEED_REVEALED = "SeedRevealed";
/** The events that close a game's stream: the rules' end, or an arbiter's ruling. */
export const CLOSING_EVENTS: readonly string[] = [SEED_REVEALED, "EndedByRuling"];

export interface ClientOptions {
  /** A seat token (acts and sees for that seat) or the organizer's; none = a spectator. */
  token?: string;
  /** Deadline of each unary call (default 15 s). */
  timeoutMs?: number;
  /** Retries of reads and of submit (which resends the same request_id). createGame is never retried. */
  retry?: Partial<RetryPolicy>;
  /** How a dropped watch is resumed (default: for two minutes of failing in a row). */
  watchRetry?: Partial<RetryPolicy>;
}

export interface CreateGameRequest {
  /** Catalog name, e.g. "hare-and-tortoise" (see listGameTypes). */
  rules: string;
  /** One name per seat. */
  players: string[];
  options?: JsonObject;
  /** Hex: your contribution to the seed (the server adds 32 secret bytes); the organizer's is the whole seed. */
  seedHex?: string;
  /** Stable player id per seat, so ratings follow people across games. */
  playerIds?: string[];
  /** Seats the server plays with its bots; they get no token. */
  bots?: BotSeat[];
  /** A deadline per move (none by default). */
  timeControl?: TimeControl;
  /** Spectators, their delay, take-backs (by default: open, no delay, no take-backs). */
  table?: Partial<TableSettings>;
}

export interface GamesFilter {
  rules?: string;
  /** "active" or "finished". */
  status?: "active" | "finished";
  playerId?: string;
  /** Games per page (server default 50, at most 500). */
  pageSize?: number;
}

export interface SubmitOptions {
  /** Defaults to a fresh UUID; pass your own to make a retry across restarts of your app idempotent too. */
  requestId?: string;
  /** Refused with ABORTED (reason STALE_VERSION) unless the game is at this version. */
  expectedVersion?: number;
  /** Also answer with the game as getGame shows it now (its view included): no getGame after a move. */
  includeGame?: boolean;
  signal?: AbortSignal;
}

export interface GetGameOptions {
  /** Time travel: the game as it stood at this stream version (1 = just created). */
  version?: number;
  /** Another seat's view: for the organizer, and for anyone once the game is finished. */
  seat?: number;
  signal?: AbortSignal;
}

export interface WatchOptions {
  /** Stream events with a version greater than this (0: from the start). */
  afterVersion?: number;
  /** Every settled update carries the game as getGame shows it at that version (its view included). */
  includeGame?: boolean;
  /** Ends the watch (quietly) when it aborts. */
  signal?: AbortSignal;
}

/** "games/ID" for a bare ID; a full name as it is. */
export function gameName(game: string): string {
  return game.startsWith("games/") ? game : `games/${game}`;
}

export class PlayLedgerClient {
  readonly #transport: Transport;
  readonly #games: Client<typeof GameService>;
  readonly #options: ClientOptions;
  readonly #retry: RetryPolicy;
  readonly #watchRetry: RetryPolicy;

  constructor(transport: Transport, options: ClientOptions = {}) {
    this.#transport = transport;
    this.#games = createClient(GameService, transport);
    this.#options = options;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#watchRetry = { ...DEFAULT_WATCH_RETRY, ...options.watchRetry };
  }

  /** The same transport acting with another token (undefined: a spectator). */
  withToken(token: string | undefined): PlayLedgerClient {
    const { token: _, ...rest } = this.#options;
    return new PlayLedgerClient(this.#transport, token === undefined ? rest : { ...rest, token });
  }

  #callOptions(signal: AbortSignal | undefined, unary: boolean): CallOptions {
    const options: CallOptions = {};
    if (this.#options.token !== undefined) {
      options.headers = { authorization: `Bearer ${this.#options.token}` };
    }
    if (unary) options.timeoutMs = this.#options.timeoutMs ?? 15_000;
    if (signal !== undefined) options.signal = signal;
    return options;
  }

  async #unary<T>(
    call: (options: CallOptions) => Promise<T>,
    retry: boolean,
    signal?: AbortSignal,
  ): Promise<T> {
    const attempts = retry ? Math.max(1, this.#retry.attempts) : 1;
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(this.#callOptions(signal, true));
      } catch (caught) {
        const error = PlayLedgerError.from(caught);
        const spent = Date.now() - started > this.#retry.forMs;
        if (
          attempt >= attempts ||
          spent ||
          signal?.aborted ||
          !this.#retry.retryOn.includes(error.code)
        ) {
          throw error;
        }
        await sleep(backoffMs(this.#retry, attempt - 1), signal).catch((aborted: unknown) => {
          throw PlayLedgerError.from(aborted);
        });
      }
    }
  }

  async listGameTypes(signal?: AbortSignal): Promise<GameType[]> {
    const r = await this.#unary((o) => this.#games.listGameTypes({}, o), true, signal);
    return r.gameTypes.map(convert.gameType);
  }

  /** Not retried: CreateGame has no request_id, so a retry after a lost reply would make a second game. */
  async createGame(request: CreateGameRequest, signal?: AbortSignal): Promise<CreatedGame> {
    const r = await this.#unary(
      (o) =>
        this.#games.createGame(
          {
            rules: request.rules,
            players: request.players,
            options: request.options ?? {},
            seedHex: request.seedHex ?? "",
            playerIds: request.playerIds ?? [],
            bots: (request.bots ?? []).map((b) => ({
              seat: b.seat,
              level: b.level,
              thinkMs: b.thinkMs ?? 0,
              budget: b.budget ?? 0,
              pace: convert.botPaceToWire(b.pace),
            })),
            ...(request.table === undefined ? {} : { table: convert.tableToWire(request.table) }),
            ...(request.timeControl === undefined
              ? {}
              : {
                  timeControl: {
                    moveSeconds: request.timeControl.moveSeconds,
                    onTimeout: request.timeControl.onTimeout,
                    budgetSeconds: request.timeControl.budgetSeconds ?? 0,
                    incrementSeconds: request.timeControl.incrementSeconds ?? 0,
                  },
                }),
          },
          o,
        ),
      false,
      signal,
    );
    return { game: convert.game(r.game), seats: r.seatTokens.map(convert.seatToken) };
  }

  /** The game as this client may see it: now, or at a past version; its own view, or another seat's. */
  async getGame(game: string, options: GetGameOptions = {}): Promise<Game> {
    const request = {
      name: gameName(game),
      ...(options.version === undefined ? {} : { version: BigInt(options.version) }),
      ...(options.seat === undefined ? {} : { seat: options.seat }),
    };
    const r = await this.#unary((o) => this.#games.getGame(request, o), true, options.signal);
    return convert.game(r.game);
  }

  /** Play a finished game again (a seat's token or the organizer's): the same table, a new deal. Every ask
   * gets the same rematch (`created`: this ask made it); every seat plays it with the token it holds. */
  async rematch(game: string, signal?: AbortSignal): Promise<{ game: Game; created: boolean }> {
    const r = await this.#unary(
      (o) => this.#games.rematchGame({ game: gameName(game) }, o),
      true,
      signal,
    );
    return { game: convert.game(r.game), created: r.created };
  }

  /** Offer to go back to `toVersion` (one of game.takebackTargets); every other person answers. */
  async offerTakeback(
    game: string,
    toVersion: number,
    signal?: AbortSignal,
  ): Promise<{ game: Game; takenBack: boolean }> {
    const request = { game: gameName(game), toVersion: BigInt(toVersion) };
    const r = await this.#unary((o) => this.#games.offerTakeback(request, o), true, signal);
    return { game: convert.game(r.game), takenBack: r.takenBack };
  }

  /** Accept or decline the open offer (declining your own withdraws it); the game goes back on the last accept. */
  async answerTakeback(
    game: string,
    accept: boolean,
    signal?: AbortSignal,
  ): Promise<{ game: Game; takenBack: boolean }> {
    const request = { game: gameName(game), accept };
    const r = await this.#unary((o) => this.#games.answerTakeback(request, o), true, signal);
    return { game: convert.game(r.game), takenBack: r.takenBack };
  }

  /** One page of game summaries (oldest first, a moment behind the events; no views). */
  async listGamesPage(
    filter: GamesFilter & { pageToken?: string } = {},
    signal?: AbortSignal,
  ): Promise<{ games: Game[]; nextPageToken: string }> {
    const r = await this.#unary(
      (o) =>
        this.#games.listGames(
          {
            rules: filter.rules ?? "",
            status: filter.status ?? "",
            playerId: filter.playerId ?? "",
            pageSize: filter.pageSize ?? 0,
            pageToken: filter.pageToken ?? "",
          },
          o,
        ),
      true,
      signal,
    );
    return { games: r.games.map(convert.game), nextPageToken: r.nextPageToken };
  }

  /** Every game summary matching the filter, page after page. */
  async *listGames(filter: GamesFilter = {}, signal?: AbortSignal): AsyncGenerator<Game> {
    let pageToken = "";
    do {
      const page = await this.listGamesPage({ ...filter, pageToken }, signal);
      yield* page.games;
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
  }

  /** What this client's seat may submit now (none for a spectator or the organizer). */
  async legalCommands(game: string, signal?: AbortSignal): Promise<LegalCommands> {
    const r = await this.#unary(
      (o) => this.#games.listLegalCommands({ game: gameName(game) }, o),
      true,
      signal,
    );
    return convert.legalCommands(r);
  }

  /**
   * Submits one command for this client's seat. Every try sends the same
   * request_id, so a retry after a lost reply returns the first result
   * (repeated: true) and records nothing twice.
   */
  async submit(
    game: string,
    commandType: string,
    args: JsonObject = {},
    options: SubmitOptions = {},
  ): Promise<Submitted> {
    const requestId = options.requestId ?? newRequestId();
    const request = {
      game: gameName(game),
      commandType,
      args,
      requestId,
      ...(options.expectedVersion === undefined
        ? {}
        : { expectedVersion: BigInt(options.expectedVersion) }),
      includeGame: options.includeGame ?? false,
    };
    const r = await this.#unary((o) => this.#games.submitCommand(request, o), true, options.signal);
    return {
      version: convert.toNumber(r.version),
      events: r.events.map(convert.event),
      status: convert.status(r.status),
      repeated: r.repeated,
      requestId,
      legalCommands: r.legalCommands.map(convert.legalCommand),
      ...(r.game === undefined ? {} : { game: convert.game(r.game) }),
    };
  }

  /**
   * The game's events as this client may see them, live, until the event that
   * closes the game (SeedRevealed, or EndedByRuling when an arbiter ended it).
   * Resumes by itself after a dropped stream: see updates().
   */
  async *watch(game: string, options: WatchOptions = {}): AsyncGenerator<GameEvent> {
    for await (const update of this.updates(game, options)) yield update.event;
  }

  /**
   * Each event with the game as it stands after it: its status (who is to act, the phase, the end) and,
   * on a seat's settled updates, that seat's legal commands, so an app can play from the stream alone.
   * A stream that drops (the server restarts or is killed, its connection resets, it ends before the
   * game does) is resumed from the last version delivered, with no gap and no duplicate, with backoff,
   * for up to watchRetry.forMs of failing in a row. A finished game watched from its end ends at once.
   */
  async *updates(game: string, options: WatchOptions = {}): AsyncGenerator<GameUpdate> {
    const { signal } = options;
    const name = gameName(game);
    let after = options.afterVersion ?? 0;
    if (after > 0 && (await this.#over(name, after, signal))) return;
    let failures = 0;
    let failingSince: number | undefined;
    for (;;) {
      let dropped: PlayLedgerError;
      try {
        const stream = this.#games.watchGame(
          { game: name, afterVersion: BigInt(after), includeGame: options.includeGame ?? false },
          this.#callOptions(signal, false),
        );
        for await (const message of stream) {
          const update = convert.update(message);
          after = update.version;
          failures = 0;
          failingSince = undefined;
          yield update;
          if (CLOSING_EVENTS.includes(update.event.type)) return;
        }
        if (await this.#over(name, after, signal)) return;
        dropped = new PlayLedgerError(Code.Unavailable, "", "the stream ended before the game did");
      } catch (caught) {
        if (signal?.aborted) return;
        dropped = PlayLedgerError.from(caught);
        if (!this.#watchRetry.retryOn.includes(dropped.code)) throw dropped;
      }
      failures++;
      failingSince ??= Date.now();
      if (
        failures >= this.#watchRetry.attempts ||
        Date.now() - failingSince > this.#watchRetry.forMs
      ) {
        throw dropped;
      }
      try {
        await sleep(backoffMs(this.#watchRetry, failures - 1), signal);
      } catch {
        return; // aborted while waiting to reconnect
      }
    }
  }

  /** Whether the game is over and `after` is its last version (nothing will come); false when unknown. */
  async #over(name: string, after: number, signal: AbortSignal | undefined): Promise<boolean> {
    try {
      const now = await this.getGame(name, signal === undefined ? {} : { signal });
      return now.status.finished && after >= now.version;
    } catch {
      return false;
    }
  }
}
