// The SDK's own pieces, without a server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import * as convert from "../src/convert.js";
import { ErrorInfoSchema } from "../src/gen/google/rpc/error_details_pb.js";
import { GameSchema, GameTypeSchema } from "../src/gen/playledger/v1/games_pb.js";
import {
  Code,
  ConnectError,
  codeName,
  newRequestId,
  PlayLedgerError,
  toNumber,
} from "../src/index.js";
import { backoffMs, DEFAULT_RETRY, sleep } from "../src/retry.js";

test("int64 becomes a number, or a RangeError past 2^53", () => {
  assert.equal(toNumber(42n), 42);
  assert.equal(toNumber(-7n), -7);
  assert.equal(toNumber(BigInt(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
  assert.throws(() => toNumber(BigInt(Number.MAX_SAFE_INTEGER) + 1n), RangeError);
});

test("gRPC's status names", () => {
  assert.equal(codeName(Code.FailedPrecondition), "FAILED_PRECONDITION");
  assert.equal(codeName(Code.Unavailable), "UNAVAILABLE");
  assert.equal(codeName(Code.Canceled), "CANCELLED");
  assert.equal(codeName(Code.DeadlineExceeded), "DEADLINE_EXCEEDED");
});

test("a ConnectError's ErrorInfo becomes the error's reason", () => {
  const info = create(ErrorInfoSchema, { reason: "NOT_YOUR_TURN", domain: "playledger.dev" });
  const connect = new ConnectError("it is seat 1's turn", Code.FailedPrecondition, undefined, [
    { desc: ErrorInfoSchema, value: info },
  ]);
  const error = PlayLedgerError.from(connect);
  assert.equal(error.code, Code.FailedPrecondition);
  assert.equal(error.reason, "NOT_YOUR_TURN");
  assert.equal(error.domain, "playledger.dev");
  assert.equal(error.serverMessage, "it is seat 1's turn");
  assert.equal(error.message, "it is seat 1's turn [FAILED_PRECONDITION NOT_YOUR_TURN]");
  const plain = PlayLedgerError.from(new Error("socket hang up"));
  assert.equal(plain.reason, "");
  assert.equal(plain.code, Code.Unknown);
});

test("request ids are fresh v4 UUIDs", () => {
  const ids = new Set(Array.from({ length: 100 }, newRequestId));
  assert.equal(ids.size, 100);
  for (const id of ids)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("backoff grows and stays under its cap", () => {
  for (let retry = 0; retry < 20; retry++) {
    const cap = Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.initialDelayMs * 2 ** retry);
    const ms = backoffMs(DEFAULT_RETRY, retry);
    assert.ok(ms >= 0 && ms <= cap, `${ms} for retry ${retry}`);
  }
});

test("sleep ends early when its signal aborts", async () => {
  const abort = new AbortController();
  const slept = sleep(60_000, abort.signal);
  abort.abort(new Error("stop"));
  await assert.rejects(slept, /stop/);
});

test("a game message becomes plain numbers, JSON and dates", () => {
  const g = convert.game(
    create(GameSchema, {
      name: "games/x",
      version: 42n,
      finalScores: [3n, -1n],
      view: { hand: ["R-HARE-02"], positions: { HARE: 3 } },
      status: {
        phase: "finished",
        finished: true,
        wakeAtMs: 1_800_000_000_000n,
        outcome: { reason: "the podium is full", placements: [2, 1], tieRule: "" },
      },
      readTime: { seconds: 1_800_000_000n, nanos: 5_000_000 },
    }),
  );
  assert.equal(g.version, 42);
  assert.deepEqual(g.finalScores, [3, -1]);
  assert.deepEqual(g.view, { hand: ["R-HARE-02"], positions: { HARE: 3 } });
  assert.equal(g.status.wakeAtMs, 1_800_000_000_000);
  assert.deepEqual(g.status.outcome, {
    reason: "the podium is full",
    placements: [2, 1],
    tieRule: "",
  });
  assert.equal(g.readTime?.getTime(), 1_800_000_000_005);
  assert.equal(g.viewerSeat, undefined);
  const open = convert.game(create(GameSchema, { status: { phase: "play" } }));
  assert.equal(open.status.outcome, undefined);
  assert.equal(open.readTime, undefined);
});

test("a game type's option values are plain JSON, its int64 bounds numbers", () => {
  const t = convert.gameType(
    create(GameTypeSchema, {
      name: "g",
      options: [
        {
          name: "n",
          type: "integer",
          defaultValue: { kind: { case: "numberValue", value: 5 } },
          choices: [{ kind: { case: "stringValue", value: "a" } }],
          minimum: -1n,
          maximum: 6n,
        },
      ],
      catalog: { cards: { "R-HARE-02": { animal: "HARE" } } },
      reasons: [{ code: "NOT_YOUR_TURN", description: "wait" }],
    }),
  );
  assert.deepEqual(t.options[0], {
    name: "n",
    type: "integer",
    defaultValue: 5,
    description: "",
    choices: ["a"],
    minimum: -1,
    maximum: 6,
  });
  assert.deepEqual(t.catalog, { cards: { "R-HARE-02": { animal: "HARE" } } });
  assert.deepEqual(t.reasons, [{ code: "NOT_YOUR_TURN", description: "wait" }]);
});
