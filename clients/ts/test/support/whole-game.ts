// One whole Hare & Tortoise game (3 seats) through the SDK over a given
// transport: every seat plays with its own token, choosing among its own legal
// commands with a seeded PRNG, while each seat and a spectator watch the game.
// Afterwards every view, streamed event and submit reply a seat (or the
// spectator) received is checked against the others' true hands.
import assert from "node:assert/strict";
import {
  Code,
  type Game,
  type GameEvent,
  type JsonObject,
  PlayLedgerClient,
  type PlayLedgerError,
  SEED_REVEALED,
  type Transport,
} from "../../src/index.js";
import { seededRandom } from "./prng.js";
import { boxedBets, HIDDEN, leaks, type Secrets, secretsOf, strings } from "./secrets.js";

export const RULES = "hare-and-tortoise";
const PLAYERS = ["ann", "bob", "cid"];
const MAX_COMMANDS = 2000; // far above any real game (a few hundred): a bound, not a limit
const WATCH_GUARD_MS = 120_000; // aborts watchers that never see SeedRevealed

export interface WholeGameResult {
  game: Game;
  commands: number;
  events: number;
}

interface Seen {
  viewer: number | undefined;
  what: string;
  version: number;
  value: JsonObject;
}

async function collect(stream: AsyncIterable<GameEvent>): Promise<GameEvent[]> {
  const out: GameEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

export async function playWholeGame(
  transport: Transport,
  organizerToken: string,
  seed: number,
): Promise<WholeGameResult> {
  const spectator = new PlayLedgerClient(transport);
  const organizer = spectator.withToken(organizerToken);
  const pick = seededRandom(seed);

  const type = (await spectator.listGameTypes()).find((t) => t.name === RULES);
  assert.ok(type, `the server hosts no ${RULES}`);
  assert.ok(type.minPlayers <= PLAYERS.length && PLAYERS.length <= type.maxPlayers);

  // The deal's seed (the organizer may fix a whole one) and ours (the choices) make the game repeat exactly;
  // anyone else's seed_hex only adds to the server's secret 32 bytes.
  const seedHex = seed.toString(16).padStart(64, "0"); // a whole seed holds 32 bytes or more
  const { game: created, seats } = await organizer.createGame({
    rules: RULES,
    players: PLAYERS,
    seedHex,
  });
  assert.equal(created.seedSource, "client");
  const name = created.name;
  assert.match(name, /^games\/[0-9a-f-]{36}$/);
  assert.deepEqual(
    seats.map((s) => s.seat),
    [0, 1, 2],
  );
  assert.equal(new Set(seats.map((s) => s.token)).size, 3, "each seat has its own token");
  const players = seats.map((s) => spectator.withToken(s.token));

  const guard = new AbortController();
  const timer = setTimeout(() => guard.abort(), WATCH_GUARD_MS);
  const watched = [...players, spectator].map((c) =>
    collect(c.watch(name, { signal: guard.signal })),
  );

  const seen: Seen[] = [];
  const snapshots: Secrets[] = [];
  const submitted: { seat: number; events: GameEvent[] }[] = [];
  let commands = 0;
  let whole: Game;
  for (;;) {
    whole = await organizer.getGame(name);
    assert.ok(whole.view, "the organizer sees a view");
    snapshots.push(secretsOf(whole.view, whole.version));
    // Nobody moves between these reads: every view is of the same version.
    for (const [seat, client] of [...players.entries(), [undefined, spectator] as const]) {
      const g = await client.getGame(name);
      assert.equal(g.version, whole.version);
      assert.equal(g.viewerSeat, seat);
      assert.ok(g.view, `seat ${seat} sees a view`);
      seen.push({ viewer: seat, what: "GetGame view", version: g.version, value: g.view });
      if (seat !== undefined) {
        const ownView: JsonObject | undefined = (whole.view.seats as JsonObject[])[seat];
        assert.deepEqual(g.view.hand, ownView?.hand, `seat ${seat} sees its own hand`);
      } else {
        assert.equal(g.view.hand, undefined, "a spectator has no hand");
      }
    }
    if (snapshots.length === 1) {
      // While the game is in play nobody may ask for another seat's view.
      for (const [asker, client] of [...players.entries(), [undefined, spectator] as const]) {
        for (const seat of [0, 1, 2].filter((x) => x !== asker)) {
          await assert.rejects(client.getGame(name, { seat }), (e: PlayLedgerError) => {
            assert.equal(e.code, Code.PermissionDenied, e.message);
            return true;
          });
        }
      }
    }
    if (snapshots.length % 5 === 0) {
      // Time travel: each seat's view of an earlier version holds only what it could see then.
      const earlier = snapshots[snapshots.length - 4] as Secrets;
      for (const [seat, client] of players.entries()) {
        const g = await client.getGame(name, { version: earlier.version });
        assert.equal(g.version, earlier.version);
        assert.ok(g.view);
        seen.push({
          viewer: seat,
          what: "GetGame view (time travel)",
          version: g.version,
          value: g.view,
        });
      }
    }
    if (whole.status.finished) break;
    assert.ok(commands < MAX_COMMANDS, `no end after ${MAX_COMMANDS} commands`);

    const toAct = whole.status.toAct;
    assert.ok(toAct.length > 0, `nobody to act in phase ${whole.status.phase}`);
    const seat = toAct[pick(toAct.length)] as number;
    const legal = await (players[seat] as PlayLedgerClient).legalCommands(name);
    assert.equal(legal.version, whole.version);
    assert.ok(legal.commands.length > 0, `seat ${seat} is to act but has no legal command`);
    const command = legal.commands[pick(legal.commands.length)];
    assert.ok(command);
    const done = await (players[seat] as PlayLedgerClient).submit(
      name,
      command.commandType,
      command.args,
    );
    assert.equal(done.repeated, false);
    assert.ok(done.version > whole.version, "a command records at least one event");
    submitted.push({ seat, events: done.events });
    for (const e of done.events) {
      seen.push({
        viewer: seat,
        what: `SubmitCommand ${e.type}`,
        version: e.version,
        value: e.data,
      });
    }
    commands++;
  }
  const streams = await Promise.all(watched);
  clearTimeout(timer);

  // The result, as everyone sees it once the game is over.
  assert.equal(whole.finalScores.length, 3);
  assert.ok(whole.winners.length >= 1 && whole.winners.every((w) => w >= 0 && w < 3));
  // Once the game is over anyone may replay any seat's view.
  for (const seat of [0, 1, 2]) {
    const replay = await spectator.getGame(name, { seat });
    assert.equal(replay.viewerSeat, seat);
    const ownView: JsonObject | undefined = (whole.view?.seats as JsonObject[] | undefined)?.[seat];
    assert.deepEqual(replay.view?.hand, ownView?.hand);
  }
  const publicEnd = await spectator.getGame(name);
  assert.deepEqual(publicEnd.finalScores, whole.finalScores);
  assert.deepEqual(publicEnd.winners, whole.winners);
  assert.match(publicEnd.seedHex, /^[0-9a-f]+$/, "the seed is revealed at the end");

  // Every watcher saw the whole stream once, in order, closed by SeedRevealed.
  const organizerEvents = await collect(organizer.watch(name, { signal: guard.signal }));
  const versions = organizerEvents.map((e) => e.version);
  assert.equal(organizerEvents.at(-1)?.type, SEED_REVEALED);
  for (const [i, events] of streams.entries()) {
    assert.deepEqual(
      events.map((e) => e.version),
      versions,
      `watcher ${i} saw every event once`,
    );
    assert.deepEqual(
      events.map((e) => e.type),
      organizerEvents.map((e) => e.type),
    );
    const viewer = i < 3 ? i : undefined;
    for (const e of events) {
      seen.push({ viewer, what: `WatchGame ${e.type}`, version: e.version, value: e.data });
    }
  }
  // A seat's submit reply holds the same events as its own watch stream.
  for (const { seat, events } of submitted) {
    const stream = streams[seat] as GameEvent[];
    for (const e of events) {
      const same = stream.find((w) => w.version === e.version);
      assert.deepEqual(
        same?.data,
        e.data,
        `seat ${seat}'s event ${e.version} differs between submit and watch`,
      );
    }
  }

  // No seat (nor the spectator) ever saw a card it must not see.
  const boxed = boxedBets(organizerEvents);
  assert.ok(boxed.size > 0, "the organizer sees the boxed bets");
  const found: string[] = [];
  for (const s of seen) {
    // The secrets right after the command that recorded this version.
    const at = snapshots.find((x) => x.version >= s.version) ?? snapshots.at(-1);
    assert.ok(at);
    const leaked = leaks(s.value, s.viewer, at, boxed);
    if (leaked.length > 0) {
      found.push(`${s.viewer ?? "spectator"} saw ${leaked.join(",")} in ${s.what} at ${s.version}`);
    }
  }
  assert.deepEqual(found, [], "no hidden card reached anyone else");

  // The check can fail: the organizer's view, shown to a seat, would leak.
  const first = snapshots[0] as Secrets;
  const organizerStart = organizerEvents.filter((e) => e.type === "RaceSetUp");
  assert.ok(leaks(organizerStart[0]?.data, 0, first, boxed).length > 0);
  // Redaction happened: the seats saw hidden cards as "?", and their own cards.
  for (const seat of [0, 1, 2]) {
    const mine = seen.filter((s) => s.viewer === seat).flatMap((s) => strings(s.value));
    assert.ok(mine.includes(HIDDEN), `seat ${seat} saw others' cards as ${HIDDEN}`);
    assert.ok(
      first.own[seat]?.every((c) => mine.includes(c)),
      `seat ${seat} saw its own dealt cards`,
    );
  }

  return { game: whole, commands, events: versions.length };
}
