// Refusals in words, in every language: TOO_SOON says how long to wait (from retry_at_ms), a refusal names
// the players the game waits for (never a seat number), and a game's own refusal uses its namespace.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Code, PlayLedgerError } from "@playledger/client";
import { createIntl } from "react-intl";
import { problemWords } from "../src/game/ErrorLine.tsx";
import { problemOf } from "../src/game/errors.ts";
import { appText, gameText } from "../src/i18n/text.ts";
import { SRC } from "./support/paths.ts";

function intlFor(locale: string) {
  const dir = join(SRC, "i18n", "catalog", locale);
  const messages: Record<string, string> = {};
  for (const f of readdirSync(dir)) {
    const ns = f.replace(/\.json$/, "");
    for (const [k, m] of Object.entries(JSON.parse(readFileSync(join(dir, f), "utf8"))))
      messages[`${ns}:${k}`] = String(m);
  }
  return createIntl({ locale, messages });
}

function say(locale: string, error: unknown, players: string[], rules?: string, seconds?: number) {
  const intl = intlFor(locale);
  const problem = problemOf(error, rules, (key) => `${rules}:${key}` in intl.messages);
  const said = problemWords(
    problem,
    players,
    appText(intl),
    (r, key, values) => gameText(intl, r)(key, values),
    (names) => intl.formatList(names, { type: "conjunction" }),
    seconds,
  );
  return said.replace(/\u00a0/g, " "); // Czech and Polish lists keep "a"/"i" with the next name
}

const refused = (reason: string, metadata: Record<string, string>) =>
  new PlayLedgerError(Code.FailedPrecondition, reason, "the server's English (BY-20)", {
    metadata,
  });

test("too soon: how long to wait, from retry_at_ms, in the page's language", () => {
  const e = refused("TOO_SOON", { retry_at_ms: "1700000000300", version: "7" });
  const problem = problemOf(e);
  assert.equal(problem.retryAtMs, 1_700_000_000_300);
  assert.equal(problem.version, 7, "stale once the game passes version 7");
  assert.equal(say("en", e, [], undefined, 0.3), "Not yet: wait 0.3 s.");
  assert.equal(say("pl", e, [], undefined, 0.3), "Jeszcze nie: poczekaj 0,3 s.");
  assert.equal(say("cs", e, [], undefined, 1), "Ještě ne: počkej 1 s.");
  assert.equal(say("el", e, [], undefined, 2.5), "Όχι ακόμα: περίμενε 2,5 δευτ.");
});

test("not your turn names the players the game waits for", () => {
  const e = refused("NOT_YOUR_TURN", { to_act: "1,2", version: "3" });
  assert.equal(say("en", e, ["Ann", "Bob", "Cid"]), "Not your turn: waiting for Bob and Cid.");
  assert.equal(say("cs", e, ["Ann", "Bob", "Cid"]), "Nejsi na tahu – čeká se na: Bob a Cid.");
  assert.doesNotMatch(say("el", e, ["Ann", "Bob", "Cid"]), /seat|\d/);
});

test("a game's own refusal comes from its namespace; an unknown one is said plainly", () => {
  const mine = refused("ANIMAL_FULL", { to_act: "0", version: "9" });
  assert.equal(
    say("en", mine, ["Ann"], "hare-and-tortoise"),
    "A round takes at most 4 cards of one animal.",
  );
  const other = refused("SOMETHING_NEW", { to_act: "0" });
  assert.equal(
    say("en", other, ["Ann"], "hare-and-tortoise"),
    "The rules do not allow that move now. Waiting for Ann.",
  );
  const down = new PlayLedgerError(Code.Unavailable, "", "connection refused");
  assert.equal(say("en", down, []), "The server cannot be reached; the page keeps trying.");
});
