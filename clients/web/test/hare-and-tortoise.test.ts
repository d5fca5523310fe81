// Two people in two browsers play a whole Hare & Tortoise game against each other by clicking, while a
// third watches; the spectator never holds another seat's card, in its page or in any answer it got.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fromBinary, games, type JsonValue, PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, ORGANIZER, person, startServer } from "./support/browser.ts";
import { moveButtons } from "./support/checks.ts";
import { cardIds, frames, hiddenFromSpectators } from "./support/leaks.ts";

let server: PlayLedgerServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.dispose();
});

const MAX_MOVES = 400; // a 2-player game takes ~60; the bound keeps a broken page from looping for ever

async function turnOf(page: Page): Promise<"mine" | "theirs" | "over"> {
  const text = (await page.getByTestId("turn").textContent()) ?? "";
  if (text.includes("over")) return "over";
  return text.includes("Your turn") ? "mine" : "theirs";
}

/** One move by clicking: cards on the board when the move is a bet or a play, else the list of moves. */
async function move(page: Page): Promise<void> {
  const version = await page.locator("h1 .muted").textContent();
  await moveButtons(page); // the moves the board offers no click for are listed, folded away
  const bet = page.locator('button[data-command="choose_second_bet"]');
  if ((await bet.count()) > 0) {
    const card = page.locator(".hand .card").first();
    const name = (await card.textContent()) ?? "";
    await card.click();
    try {
      await page
        .getByRole("button", { name: `Bet on ${name}` })
        .first()
        .click({ timeout: 5_000 });
    } catch {
      return; // the other seat's bet re-rendered the hand and dropped the selection: the loop tries again
    }
  } else {
    const play = page.locator('button[data-command="play_cards"]').first();
    if ((await play.count()) > 0) {
      // Select the play's cards on the board, then play them from there.
      const label = (await play.textContent()) ?? "";
      const cards = label.replace(/^play /i, "").split(" + ");
      for (const card of cards)
        await page.locator(".hand .card", { hasText: card }).first().click();
      await page.locator(".hand .actions button.primary").first().click();
    } else {
      await (await moveButtons(page)).first().click();
    }
  }
  await page.waitForFunction(
    (before) => document.querySelector("h1 .muted")?.textContent !== before,
    version,
    { timeout: 20_000 },
  );
}

test("two browsers play a whole game by clicking; a spectator never sees a hidden card", async () => {
  const alice = await person(browser);
  await alice.page.goto(`${server.webUrl}/`);
  await alice.page.getByRole("radio", { name: /Hare & the Tortoise/ }).check();
  await alice.page.getByLabel("Number of players").selectOption("2");
  await alice.page.getByLabel("Name of player 1").fill("Alice");
  await alice.page.getByLabel("Name of player 2").fill("Bob");
  await alice.page.getByLabel("Who plays Bob").selectOption("friend");
  await alice.page.getByRole("button", { name: "Create game" }).click();
  const invite = await alice.page.getByLabel("Invite link for Bob").inputValue();
  assert.match(invite, /#\/games\/[0-9a-f-]+\?seat=1&token=/);
  await alice.page.getByRole("link", { name: "Go to the table" }).click();
  const game = `games/${/#\/games\/([0-9a-f-]+)/.exec(invite)?.[1]}`;

  const bob = await person(browser);
  await bob.page.goto(invite);
  await bob.page.waitForSelector(".ht-board");
  assert.doesNotMatch(bob.page.url(), /token=/, "the token leaves the address bar once stored");

  const watcher = await person(browser);
  const received: { path: string; body: Buffer }[] = [];
  watcher.page.on("response", async (r) => {
    if (r.request().method() === "POST" && r.url().includes("/playledger.v1.")) {
      try {
        received.push({ path: new URL(r.url()).pathname, body: await r.body() });
      } catch {
        // a stream cut when the page closes has no body to read
      }
    }
  });
  await watcher.page.goto(`${server.webUrl}/#/${game}`);
  await watcher.page.waitForSelector(".ht-board");

  const organizer = new PlayLedgerClient(nodeTransport(server.grpcUrl), { token: ORGANIZER });
  const hidden = hiddenFromSpectators(organizer, game);
  const leaks: string[] = [];
  const candidates: Candidate[] = [];
  let moves = 0;
  for (; moves < MAX_MOVES; moves++) {
    const [a, b] = [await turnOf(alice.page), await turnOf(bob.page)];
    if (a === "over" && b === "over") break;
    const mover = a === "mine" ? alice.page : b === "mine" ? bob.page : undefined;
    if (mover === undefined) {
      await alice.page.waitForTimeout(100); // both wait: a view is on its way
      continue;
    }
    await move(mover);
    if (moves % 7 === 0) candidates.push(...(await domSecrets(watcher.page, hidden)));
  }
  assert.ok(moves < MAX_MOVES, "the game did not end");
  // What happened, shown: the last move's pawns keep a ring, and pawns slide unless motion is reduced.
  const marked = await watcher.page.locator(".ht-board .pawn.moved").count();
  assert.ok(marked >= 1, "the spectator's board marks the pawns of the last move");
  await watcher.page
    .locator(".ht-board .track")
    .screenshot({ path: artifact("hare-and-tortoise-last-move.png") });
  const slide = () =>
    watcher.page
      .locator(".ht-board .pawn")
      .first()
      .evaluate((e) => getComputedStyle(e).transitionDuration);
  assert.equal(await slide(), "0.4s", "a pawn slides to its new tile");
  await watcher.page.emulateMedia({ reducedMotion: "reduce" });
  assert.equal(await slide(), "0s", "no sliding under prefers-reduced-motion");
  await watcher.page.emulateMedia({ reducedMotion: null });
  for (const page of [alice.page, bob.page, watcher.page]) {
    await page.getByTestId("result").waitFor();
  }
  await alice.page.screenshot({ path: artifact("hare-and-tortoise-end.png"), fullPage: true });
  // The end is told in each player's own words: "You win" to the winner, "Alice wins" to the other.
  for (const page of [alice.page, bob.page]) {
    const told = await page
      .locator('[data-testid="events"] li[data-type="GameFinished"]')
      .textContent();
    assert.match(told ?? "", /The game is over: (You win|(?!You )\w+ wins|.+ and .+ win)\.$/);
  }

  // The spectator steps back through the finished game and has the server re-run it from its record.
  await watcher.page.getByRole("link", { name: "Step through it" }).click();
  await watcher.page.getByRole("button", { name: "Re-run the game from its record" }).click();
  const verdict = watcher.page.getByTestId("verdict");
  await verdict.waitFor();
  assert.match((await verdict.textContent()) ?? "", /The record holds: \d+ events re-run/);
  const download = watcher.page.waitForEvent("download");
  await watcher.page.getByRole("button", { name: "Download the record" }).click();
  const record = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const lines = readFileSync(record, "utf8").trim().split("\n");
  const header = JSON.parse(lines[0] ?? "{}") as {
    record?: string;
    game?: string;
    finished?: boolean;
  };
  assert.deepEqual(
    [header.record, header.game, header.finished],
    ["playledger-game-record", game, true],
  );
  assert.ok(lines.length > 10, "the record has the game's events after its header");

  // A card the spectator saw played earlier may be back in a hand after a reshuffle; the page's log still
  // (rightly) shows the old play. Only a card never shown publicly up to that version is a leak.
  const publicEvents: { version: number; ids: Set<string> }[] = [];
  for await (const e of new PlayLedgerClient(nodeTransport(server.grpcUrl)).watch(game)) {
    publicEvents.push({ version: e.version, ids: cardIds(e.data) });
  }
  for (const c of candidates) {
    const seen = publicEvents.some((e) => e.version <= c.newest && e.ids.has(c.id));
    if (!seen) leaks.push(`page at v${c.shown}: ${c.id}`);
  }

  // Every answer the spectator's page received, decoded, against what was hidden at its version.
  for (const { path, body } of received) {
    for (const frame of frames(body)) {
      if (path.endsWith("/GetGame")) {
        const g = fromBinary(games.GetGameResponseSchema, frame).game;
        if (g?.view)
          leaks.push(...(await hidden.leaksIn(Number(g.version), g.view as JsonValue, path)));
      } else if (path.endsWith("/WatchGame")) {
        const { event: e, game: g } = fromBinary(games.WatchGameResponseSchema, frame);
        if (e?.data)
          leaks.push(...(await hidden.leaksIn(Number(e.version), e.data as JsonValue, path)));
        if (g?.view)
          leaks.push(...(await hidden.leaksIn(Number(g.version), g.view as JsonValue, path)));
      }
    }
  }
  assert.ok(received.length > 5, "the spectator's page talked to the server");
  assert.deepEqual(leaks, []);
  assert.ok(hidden.checked() > 5, "hidden cards were there to leak");
  for (const p of [alice, bob, watcher]) assert.deepEqual(p.errors, []);
});

interface Candidate {
  id: string;
  shown: number;
  newest: number;
}

/** Card ids in the spectator's page that were hidden at the versions its page shows. */
async function domSecrets(
  page: Page,
  hidden: ReturnType<typeof hiddenFromSpectators>,
): Promise<Candidate[]> {
  const text = (await page.locator("main").textContent()) ?? "";
  const shown = Number((await page.locator("h1 .muted").textContent())?.replace("v", "") ?? "0");
  const top = await page.locator('[data-testid="events"] li .muted').first().textContent();
  const newest = Math.max(shown, Number(top?.replace("v", "") ?? "0"));
  const found: Candidate[] = [];
  for (const id of new Set(text.match(/\b[RB]-[A-Z]+(?:-\d+)?\b/g) ?? [])) {
    if ((await hidden.at(shown)).has(id) && (await hidden.at(newest)).has(id))
      found.push({ id, shown, newest });
  }
  return found;
}
