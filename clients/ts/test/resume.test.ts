// Dropped connections: the server stops mid-game and starts again (same port,
// same store). A watch resumes after the last version it saw; a submit sent
// while the server is down keeps retrying (same request_id) until it is back.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type * as pb from "../src/gen/playledger/v1/games_pb.js";
import {
  type GameEvent,
  type Interceptor,
  type NodeTransport,
  nodeTransport,
  PlayLedgerClient,
  SEED_REVEALED,
} from "../src/node.js";
import { sleep } from "../src/retry.js";
import { seededRandom } from "./support/prng.js";
import { PlayLedgerServer } from "./support/server.js";
import { RULES } from "./support/whole-game.js";

const MAX_COMMANDS = 2000;
const POLLS = 600; // 50 ms apart: bounds every wait below
// Patient: a restart on a busy 2-core machine can take several seconds.
const PATIENT = { attempts: 60, initialDelayMs: 50, maxDelayMs: 1000 };

let server: PlayLedgerServer;
const transports: NodeTransport[] = [];

before(async () => {
  server = await PlayLedgerServer.start();
});

after(async () => {
  for (const t of transports) t.close();
  await server?.dispose();
});

/** Records the request of every call to `method` (a stream call's request comes as an iterable). */
function recorder<T>(method: string): { calls: T[]; interceptor: Interceptor } {
  const calls: T[] = [];
  return {
    calls,
    interceptor: (next) => async (req) => {
      if (req.method.name !== method) return next(req);
      if (!req.stream) {
        calls.push(req.message as T);
        return next(req);
      }
      const messages = req.message as AsyncIterable<T>;
      async function* tee() {
        for await (const m of messages) {
          calls.push(m);
          yield m;
        }
      }
      return next({ ...req, message: tee() } as typeof req);
    },
  };
}

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < POLLS && !done(); i++) await sleep(50);
  assert.ok(done(), `gave up waiting: ${what}`);
}

test("a watch and a submit ride out a server restart", async (t) => {
  const watches = recorder<pb.WatchGameRequest>("WatchGame");
  const submits = recorder<pb.SubmitCommandRequest>("SubmitCommand");
  const watchTransport = nodeTransport(server.grpcUrl, { interceptors: [watches.interceptor] });
  const playTransport = nodeTransport(server.grpcUrl, { interceptors: [submits.interceptor] });
  transports.push(watchTransport, playTransport);
  const spectator = new PlayLedgerClient(watchTransport, { watchRetry: PATIENT });
  const lobby = new PlayLedgerClient(playTransport, { retry: PATIENT });

  const { game, seats } = await lobby.createGame({
    rules: RULES,
    players: ["ann", "bob", "cid"],
    seedHex: "5eed",
  });
  const players = seats.map((s) => lobby.withToken(s.token));
  const pick = seededRandom(7);
  const seen: GameEvent[] = [];
  const watching = (async () => {
    for await (const e of spectator.watch(game.name)) seen.push(e);
  })();

  /** The next command: a seat that is to act and one of its legal commands; undefined at the end. */
  async function next() {
    const g = await lobby.getGame(game.name);
    if (g.status.finished) return undefined;
    const seat = g.status.toAct[pick(g.status.toAct.length)] as number;
    const player = players[seat] as PlayLedgerClient;
    const { commands } = await player.legalCommands(game.name);
    const command = commands[pick(commands.length)];
    assert.ok(command, `seat ${seat} is to act but has no legal command`);
    return { player, command, version: g.version };
  }

  for (let i = 0; i < 10; i++) {
    const n = await next();
    assert.ok(n);
    await n.player.submit(game.name, n.command.commandType, n.command.args);
  }
  const planned = await next();
  assert.ok(planned);
  await until("the watcher catches up", () => seen.at(-1)?.version === planned.version);

  await server.stop();
  const submitsBefore = submits.calls.length;
  const submitting = planned.player.submit(
    game.name,
    planned.command.commandType,
    planned.command.args,
  );
  await until("the submit fails and retries", () => submits.calls.length >= submitsBefore + 2);
  await server.launch();
  const done = await submitting;
  const tries = submits.calls.slice(submitsBefore);
  t.diagnostic(`the submit took ${tries.length} tries across the restart`);
  assert.ok(
    tries.every((r) => r.requestId === done.requestId),
    "one request_id for every try",
  );
  assert.equal(done.repeated, false, "no try before the restart reached the server");
  assert.ok(done.version > planned.version);

  let commands = 11;
  for (let n = await next(); n !== undefined; n = await next()) {
    assert.ok(commands++ < MAX_COMMANDS, "the game does not end");
    await n.player.submit(game.name, n.command.commandType, n.command.args);
  }
  await watching;

  // The watcher came back after the last version it had seen, and missed nothing.
  const resumed = watches.calls.slice(1).map((r) => Number(r.afterVersion));
  t.diagnostic(`${watches.calls.length} WatchGame calls, resumed after ${resumed.join(", ")}`);
  assert.ok(resumed.length >= 1, "the watch reconnected");
  assert.ok(resumed.every((v) => v >= planned.version));
  const whole: GameEvent[] = [];
  for await (const e of new PlayLedgerClient(playTransport).watch(game.name)) whole.push(e);
  assert.equal(whole.at(-1)?.type, SEED_REVEALED);
  assert.deepEqual(
    seen.map((e) => [e.version, e.type, e.data]),
    whole.map((e) => [e.version, e.type, e.data]),
    "the resumed watch saw every event once, in order",
  );
});

test("with the default options a watch rides out kill -9 and a restart 2 s later", async (t) => {
  const transport = nodeTransport(server.grpcUrl);
  transports.push(transport);
  const lobby = new PlayLedgerClient(transport); // defaults only: no retry policy in the app
  const { game, seats } = await lobby.createGame({ rules: RULES, players: ["ann", "bob", "cid"] });
  const players = seats.map((s) => lobby.withToken(s.token));
  const pick = seededRandom(11);
  const seen: GameEvent[] = [];
  const watching = (async () => {
    for await (const e of new PlayLedgerClient(transport).watch(game.name)) seen.push(e);
  })();

  async function play(moves: number): Promise<number> {
    for (let i = 0; i < moves; i++) {
      const g = await lobby.getGame(game.name);
      if (g.status.finished) return i;
      const seat = g.status.toAct[pick(g.status.toAct.length)] as number;
      const player = players[seat] as PlayLedgerClient;
      const { commands } = await player.legalCommands(game.name);
      const command = commands[pick(commands.length)];
      assert.ok(command);
      await player.submit(game.name, command.commandType, command.args);
    }
    return moves;
  }

  await play(10);
  const before = (await lobby.getGame(game.name)).version;
  await until("the watcher catches up", () => seen.at(-1)?.version === before);
  await server.kill();
  await sleep(2000);
  await server.launch();
  const played = await play(MAX_COMMANDS);
  assert.ok(played < MAX_COMMANDS, "the game does not end");
  await watching;
  const whole: GameEvent[] = [];
  for await (const e of new PlayLedgerClient(transport).watch(game.name)) whole.push(e);
  t.diagnostic(`${seen.length} events seen across the kill -9, ${whole.length} in the record`);
  assert.deepEqual(
    seen.map((e) => [e.version, e.type]),
    whole.map((e) => [e.version, e.type]),
    "every event once, in order",
  );
});
