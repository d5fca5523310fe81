// Issue 36: a client that never calls GetGame or ListLegalCommands after it sat down plays a whole game of
// every type from its stream alone: each WatchGame message carries the status after it and, on a seat's
// settled messages, that seat's legal commands. A refusal that says when to retry (TOO_SOON: retry_at_ms)
// is retried then; any other waits for the next update.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  type Interceptor,
  type JsonObject,
  type NodeTransport,
  nodeTransport,
  PlayLedgerClient,
  PlayLedgerError,
} from "../src/node.js";
import { sleep } from "../src/retry.js";
import { seededRandom } from "./support/prng.js";
import { PlayLedgerServer } from "./support/server.js";

// Every game type at a small table, with options that keep a random game short.
const TABLES: [string, number, JsonObject][] = [
  ["hare-and-tortoise", 2, {}],
  ["grasshopper-and-ant", 2, {}],
  [
    "baba-yaga",
    3,
    { mode: "R", max_turns: 3, first_step_delay_ms: 200, witch_step_min_interval_ms: 200 },
  ],
  ["atiwa", 2, {}],
  ["antics", 3, {}],
];

let server: PlayLedgerServer;
const transports: NodeTransport[] = [];

before(async () => {
  server = await PlayLedgerServer.start();
});

after(async () => {
  for (const t of transports) t.close();
  await server?.dispose();
});

/** Counts the calls of the given methods that go through a transport. */
function counter(methods: string[]): { calls: number; interceptor: Interceptor } {
  const counted = {
    calls: 0,
    interceptor: ((next) => (req) => {
      if (methods.includes(req.method.name)) counted.calls++;
      return next(req);
    }) as Interceptor,
  };
  return counted;
}

/** Odd seeds ask for the game with every settled update and answer (includeGame), and get it; even ones don't. */
async function playSeat(seat: PlayLedgerClient, game: string, seed: number): Promise<void> {
  const pick = seededRandom(seed);
  const includeGame = seed % 2 === 1;
  for await (const update of seat.updates(game, { includeGame })) {
    if (update.settled && includeGame) assert.equal(update.game?.version, update.version);
    else assert.equal(update.game, undefined);
    if (!update.settled || update.legalCommands.length === 0 || update.status.finished) continue;
    const move = update.legalCommands[pick(update.legalCommands.length)];
    assert.ok(move);
    for (let tries = 0; tries < 50; tries++) {
      try {
        const done = await seat.submit(game, move.commandType, move.args, { includeGame });
        assert.equal(done.game !== undefined && done.game.version >= done.version, includeGame);
        break;
      } catch (caught) {
        const retryAt = caught instanceof PlayLedgerError ? caught.metadata.retry_at_ms : undefined;
        if (retryAt === undefined) break; // another seat or a timer moved first: the next update says
        await sleep(Math.max(0, Number(retryAt) - Date.now()) + 10);
      }
    }
  }
}

for (const [rules, players, options] of TABLES) {
  test(`a whole game of ${rules} from the stream alone`, async () => {
    const reads = counter(["GetGame", "ListLegalCommands"]);
    const lobbyTransport = nodeTransport(server.grpcUrl);
    const seatTransport = nodeTransport(server.grpcUrl, { interceptors: [reads.interceptor] });
    transports.push(lobbyTransport, seatTransport);
    const lobby = new PlayLedgerClient(lobbyTransport);
    const names = Array.from({ length: players }, (_, i) => `p${i}`);
    const { game, seats } = await lobby.createGame({ rules, players: names, options });
    const seating = new PlayLedgerClient(seatTransport);
    await Promise.all(seats.map((s, i) => playSeat(seating.withToken(s.token), game.name, i + 1)));
    assert.equal(reads.calls, 0, "a seat read the game outside its stream");
    const end = await lobby.getGame(game.name);
    assert.ok(end.status.finished, `${rules} did not finish`);
  });
}
