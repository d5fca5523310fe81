// The SDK over real gRPC (HTTP/2, connect-node) against a real playledger-server.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  Code,
  ConnectError,
  type Interceptor,
  type NodeTransport,
  nodeTransport,
  PlayLedgerClient,
  PlayLedgerError,
  SEED_REVEALED,
} from "../src/node.js";
import { sleep } from "../src/retry.js";
import { PlayLedgerServer } from "./support/server.js";
import { playWholeGame, RULES } from "./support/whole-game.js";

const ORGANIZER = "organizer-secret-for-tests";
const FAST_RETRY = { initialDelayMs: 5, maxDelayMs: 20 };

let server: PlayLedgerServer;
const transports: NodeTransport[] = [];

function transport(interceptors: Interceptor[] = []): NodeTransport {
  const t = nodeTransport(server.grpcUrl, { interceptors });
  transports.push(t);
  return t;
}

/** A new 3-seat game and a client per seat, plus the seat whose turn it is. */
async function newGame(client: PlayLedgerClient) {
  const { game, seats } = await client.createGame({ rules: RULES, players: ["ann", "bob", "cid"] });
  return { name: game.name, seats: seats.map((s) => client.withToken(s.token)), game };
}

async function refusal(call: Promise<unknown>): Promise<PlayLedgerError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof PlayLedgerError, `not a PlayLedgerError: ${String(error)}`);
    return error;
  }
  assert.fail("the call was not refused");
}

/** Counts the SubmitCommand calls it sees and the request_ids they carry. */
function submitSpy(fail: (attempt: number) => "before" | "after" | "pass") {
  const requestIds: string[] = [];
  const interceptor: Interceptor = (next) => async (req) => {
    if (req.method.name !== "SubmitCommand") return next(req);
    const message = req.message as { requestId?: string };
    requestIds.push(message.requestId ?? "");
    const mode = fail(requestIds.length);
    if (mode === "before") throw new ConnectError("injected: server unreachable", Code.Unavailable);
    const res = await next(req);
    // The server recorded the command; its reply is lost on the way back.
    if (mode === "after") throw new ConnectError("injected: reply lost", Code.Unavailable);
    return res;
  };
  return { requestIds, interceptor };
}

before(async () => {
  server = await PlayLedgerServer.start({ organizerToken: ORGANIZER });
});

after(async () => {
  for (const t of transports) t.close();
  await server?.dispose();
});

describe("a whole game over gRPC", () => {
  test("three seats play Hare & Tortoise to the end; nobody sees another's cards", async (t) => {
    const started = performance.now();
    const result = await playWholeGame(transport(), ORGANIZER, 20260521);
    t.diagnostic(
      `${result.commands} commands, ${result.events} events, scores ${result.game.finalScores}, ` +
        `winners ${result.game.winners}, ${Math.round(performance.now() - started)} ms`,
    );
  });
});

describe("submit", () => {
  test("the same request_id twice records once and the second says repeated", async () => {
    const spectator = new PlayLedgerClient(transport());
    const { name, seats, game } = await newGame(spectator);
    const seat = game.status.toAct[0] as number;
    const player = seats[seat] as PlayLedgerClient;
    const [command] = (await player.legalCommands(name)).commands;
    assert.ok(command);
    const first = await player.submit(name, command.commandType, command.args, {
      requestId: "retry-me-1",
    });
    const again = await player.submit(name, command.commandType, command.args, {
      requestId: "retry-me-1",
    });
    assert.equal(first.repeated, false);
    assert.equal(again.repeated, true);
    assert.equal(again.version, first.version);
    // Same events; their `time` is when each reply was made, not when the events were recorded.
    const untimed = (r: typeof first) => r.events.map(({ time: _, ...e }) => e);
    assert.deepEqual(untimed(again), untimed(first));
    assert.equal((await spectator.getGame(name)).version, first.version, "recorded once");
  });

  test("a reply lost after the server recorded it is retried with the same request_id", async () => {
    const spy = submitSpy((attempt) => (attempt === 1 ? "after" : "pass"));
    const spectator = new PlayLedgerClient(transport([spy.interceptor]), { retry: FAST_RETRY });
    const { name, seats, game } = await newGame(spectator);
    const seat = game.status.toAct[0] as number;
    const player = seats[seat] as PlayLedgerClient;
    const [command] = (await player.legalCommands(name)).commands;
    assert.ok(command);
    const done = await player.submit(name, command.commandType, command.args);
    assert.equal(spy.requestIds.length, 2, "one retry");
    assert.equal(spy.requestIds[0], done.requestId);
    assert.equal(spy.requestIds[1], done.requestId, "the retry sends the same request_id");
    assert.equal(done.repeated, true, "the server had recorded the first try");
    const now = await spectator.getGame(name);
    assert.equal(now.version, done.version);
    assert.equal(now.version - game.version, done.events.length, "each event recorded once");
  });

  test("UNAVAILABLE is retried a bounded number of times, then surfaces", async () => {
    const spy = submitSpy(() => "before");
    const client = new PlayLedgerClient(transport([spy.interceptor]), {
      retry: { ...FAST_RETRY, attempts: 3 },
    });
    const { name, seats, game } = await newGame(client);
    const seat = game.status.toAct[0] as number;
    const error = await refusal(
      (seats[seat] as PlayLedgerClient).submit(name, "choose_second_bet"),
    );
    assert.equal(error.code, Code.Unavailable);
    assert.equal(spy.requestIds.length, 3);
    assert.equal(new Set(spy.requestIds).size, 1, "every try sends the same request_id");
    assert.equal((await client.getGame(name)).version, game.version, "nothing recorded");
  });

  test("aborting a submit stops its retries", async () => {
    const spy = submitSpy(() => "before");
    const client = new PlayLedgerClient(transport([spy.interceptor]), {
      retry: { attempts: 1000, initialDelayMs: 50, maxDelayMs: 50 },
    });
    const { name, seats, game } = await newGame(client);
    const abort = new AbortController();
    const submitting = (seats[game.status.toAct[0] as number] as PlayLedgerClient).submit(
      name,
      "choose_second_bet",
      {},
      { signal: abort.signal },
    );
    for (let i = 0; i < 200 && spy.requestIds.length < 2; i++) await sleep(10);
    abort.abort();
    const error = await refusal(submitting);
    assert.equal(error.code, Code.Canceled);
    assert.ok(spy.requestIds.length >= 2 && spy.requestIds.length < 1000);
  });

  test("an illegal command is refused at once, not retried", async () => {
    const spy = submitSpy(() => "pass");
    const client = new PlayLedgerClient(transport([spy.interceptor]), { retry: FAST_RETRY });
    const { name, seats, game } = await newGame(client);
    const seat = game.status.toAct[0] as number;
    const error = await refusal(
      (seats[seat] as PlayLedgerClient).submit(name, "choose_second_bet", { card: "NO-SUCH-CARD" }),
    );
    assert.equal(error.code, Code.FailedPrecondition);
    assert.equal(spy.requestIds.length, 1);
  });
});

describe("errors carry the code, the ErrorInfo reason and the message", () => {
  test("refusals", async () => {
    const spectator = new PlayLedgerClient(transport());
    const { name, seats, game } = await newGame(spectator);
    const seat = game.status.toAct[0] as number;
    const player = seats[seat] as PlayLedgerClient;

    const [command] = (await player.legalCommands(name)).commands;
    assert.ok(command);
    const cases: [() => Promise<unknown>, Code, string][] = [
      [
        () => spectator.submit(name, "choose_second_bet", {}),
        Code.PermissionDenied,
        "NOT_A_PLAYER",
      ],
      [
        () => spectator.withToken("not-a-token").getGame(name),
        Code.Unauthenticated,
        "TOKEN_NOT_OF_THIS_GAME",
      ],
      [
        () => spectator.getGame("games/00000000-0000-4000-8000-000000000000"),
        Code.NotFound,
        "GAME_NOT_FOUND",
      ],
      // a games/ name this server never issued is simply not found (a name not of that form is BAD_GAME_NAME)
      [() => spectator.getGame("games/nonsense"), Code.NotFound, "GAME_NOT_FOUND"],
      [() => spectator.getGame("tables/1"), Code.InvalidArgument, "BAD_GAME_NAME"],
      [
        () => spectator.createGame({ rules: "tic-tac-toe", players: ["a", "b"] }),
        Code.InvalidArgument,
        "UNKNOWN_RULES",
      ],
      [() => player.submit(name, "jump", {}), Code.InvalidArgument, "UNKNOWN_COMMAND"],
      [
        () =>
          player.submit(name, command.commandType, command.args, {
            expectedVersion: game.version + 5,
          }),
        Code.Aborted,
        "STALE_VERSION",
      ],
    ];
    for (const [call, code, reason] of cases) {
      const error = await refusal(call());
      assert.equal(error.code, code, error.message);
      assert.equal(error.reason, reason, error.message);
      assert.equal(error.domain, "playledger.dev");
      assert.ok(error.serverMessage.length > 0);
      assert.ok(error.message.includes(error.codeName) && error.message.includes(reason));
    }

    await player.submit(name, command.commandType, command.args, { requestId: "once" });
    const reused = await refusal(
      player.submit(name, "play_cards", { cards: [] }, { requestId: "once" }),
    );
    assert.equal(reused.code, Code.InvalidArgument);
    assert.equal(reused.reason, "REQUEST_ID_REUSED");
  });
});

describe("watch", () => {
  test("a finished game streams to SeedRevealed, from any version", async () => {
    const client = new PlayLedgerClient(transport());
    const { name, seats } = await newGame(client);
    for (
      let i = 0, g = await client.getGame(name);
      !g.status.finished;
      g = await client.getGame(name)
    ) {
      assert.ok(i++ < 2000, "the game does not end");
      const player = seats[g.status.toAct[0] as number] as PlayLedgerClient;
      const [first] = (await player.legalCommands(name)).commands;
      assert.ok(first);
      await player.submit(name, first.commandType, first.args);
    }
    const end = await client.getGame(name);
    const all = [];
    for await (const e of client.watch(name)) all.push(e);
    assert.equal(all.at(-1)?.type, SEED_REVEALED);
    assert.equal(all.at(-1)?.version, end.version);
    const middle = Math.floor(end.version / 2);
    const rest = [];
    for await (const e of client.watch(name, { afterVersion: middle })) rest.push(e);
    assert.deepEqual(
      rest.map((e) => e.version),
      all.filter((e) => e.version > middle).map((e) => e.version),
    );
    const none = [];
    for await (const e of client.watch(name, { afterVersion: end.version })) none.push(e);
    assert.deepEqual(none, [], "nothing after the last version, and the watch ends");
  });
});

describe("reads", () => {
  test("game types, with options and command schemas as plain JSON", async () => {
    const types = await new PlayLedgerClient(transport()).listGameTypes();
    const ht = types.find((t) => t.name === RULES);
    assert.ok(ht);
    assert.equal(ht.minPlayers, 2);
    assert.ok(ht.commands.some((c) => c.type === "play_cards"));
    const firstPlayer = ht.options.find((o) => o.name === "first_player");
    assert.equal(firstPlayer?.defaultValue, -1, "an integer option's default is a plain number");
    // The JSON Schema that hareTortoise.* is generated from: views, events and commands by name.
    const defs = ht.jsonSchema.$defs as Record<string, unknown>;
    assert.ok(defs.SeatView && defs.CardsPlayed && defs.play_cards);
  });

  test("listGames pages through the summaries, filtered", async () => {
    const client = new PlayLedgerClient(transport());
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await newGame(client)).name);
    // The summaries are a projection, a moment behind the events.
    let listed: string[] = [];
    for (let i = 0; i < 100 && !made.every((n) => listed.includes(n)); i++) {
      listed = [];
      for await (const g of client.listGames({ rules: RULES, pageSize: 2 })) {
        assert.equal(g.rules, RULES);
        assert.equal(g.view, undefined, "summaries hold no view");
        assert.equal(typeof g.version, "number");
        listed.push(g.name);
      }
      if (!made.every((n) => listed.includes(n))) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(
      made.every((n) => listed.includes(n)),
      "every new game is listed",
    );
    assert.equal(new Set(listed).size, listed.length, "no game twice across pages");
  });

  test("a spectator sees the public view and may submit nothing", async () => {
    const client = new PlayLedgerClient(transport());
    const { name } = await newGame(client);
    const g = await client.getGame(name.slice("games/".length));
    assert.equal(g.name, name);
    assert.equal(g.viewerSeat, undefined);
    assert.equal(typeof g.view?.deck_size, "number");
    assert.deepEqual((await client.legalCommands(name)).commands, []);
  });
});
