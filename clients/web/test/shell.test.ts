// The shared pages, as every player meets them: the lobby (in four languages, at a desk and on a phone),
// the list of games, a game page's shell, the end screen and the replay. On each: nothing a player should
// not read (ids, rule numbers), no serious or critical accessibility violation (axe-core), a page at most
// 2.5 screens tall, nothing sideways and no word broken on a phone; a refusal beside what caused it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";
import {
  assertAccessible,
  assertFitsNarrow,
  assertNoInternalIds,
  assertShortPage,
} from "./support/checks.ts";

let server: PlayLedgerServer;
let browser: Browser;
const DESK = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

before(async () => {
  server = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Every check of a shared page, at the desk's size and then at a phone's. */
async function checkPage(page: Page, where: string, board: string[] = []): Promise<void> {
  await page.setViewportSize(DESK);
  await assertNoInternalIds(page, where, { skip: board });
  await assertAccessible(page, where, board);
  await assertShortPage(page, where);
  await page.setViewportSize(PHONE);
  await assertFitsNarrow(page, where, board);
  await assertAccessible(page, `${where} (phone)`, board);
  await page.setViewportSize(DESK);
}

test("the lobby of every game passes the checks; its refusal shows beside the button", async () => {
  const { page, errors, context } = await person(browser, DESK);
  await page.goto(`${server.webUrl}/`);
  for (const title of [/Hare & the Tortoise/, /Grasshopper/, /Baba Yaga/, /Atiwa/, /Antics/]) {
    await page.getByRole("radio", { name: title }).check();
    await checkPage(page, `the lobby of ${title.source}`);
  }
  await page.screenshot({ path: artifact("lobby.png"), fullPage: true });
  // Atiwa's challenges are for one player: the server refuses, and says so next to "Create game".
  await page.getByRole("radio", { name: /Atiwa/ }).check();
  await page.getByLabel("Number of players").selectOption("2");
  await page.locator("#option-challenge").fill("3");
  const create = page.getByRole("button", { name: "Create game" });
  await create.click();
  const refusal = page.locator("#create-problem [role=alert]");
  await refusal.waitFor();
  assert.match((await refusal.textContent()) ?? "", /cannot be set up like this/);
  const [button, said] = [await create.boundingBox(), await refusal.boundingBox()];
  assert.ok(button && said, "both are drawn");
  assert.ok(
    Math.abs(said.y - button.y) < 80 || Math.abs(said.y - (button.y + button.height)) < 40,
    `the refusal is beside the button (${JSON.stringify({ button, said })})`,
  );
  await assertNoInternalIds(page, "the lobby's refusal");
  await assertAccessible(page, "the lobby's refusal");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the page speaks the browser's language, can be switched, and remembers the choice", async () => {
  const context = await browser.newContext({ viewport: DESK, locale: "el-GR" });
  const page = await context.newPage();
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("heading", { name: "Ξεκίνα μια παρτίδα" }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "el");
  await page.getByRole("radio", { name: /Μπάμπα Γιάγκα/ }).check();
  await checkPage(page, "the Greek lobby");
  await page.getByTestId("language").selectOption("pl");
  await page.getByRole("heading", { name: "Rozpocznij partię" }).waitFor();
  await page.reload();
  await page.getByRole("heading", { name: "Rozpocznij partię" }).waitFor();
  await page.getByRole("radio", { name: /Konik Polny/ }).check();
  await checkPage(page, "the Polish lobby");
  await page.getByTestId("language").selectOption("cs");
  await page.getByRole("heading", { name: "Začít partii" }).waitFor();
  await page.getByRole("radio", { name: /Zajíc a želva/ }).check();
  await checkPage(page, "the Czech lobby");
  await page.screenshot({ path: artifact("lobby-cs.png"), fullPage: true });
  await context.close();
});

test("a game page's shell: turn, moves folded away, keyboard, announcer, the checks", async () => {
  const { page, errors, context } = await person(browser, DESK);
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Hare & the Tortoise/ }).check();
  await page.getByLabel("Name of player 1").fill("Ann");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.getByTestId("turn").filter({ hasText: "Your turn" }).waitFor({ timeout: 60_000 });
  await page
    .getByTestId("announcer")
    .filter({ hasText: "Your turn" })
    .or(page.locator("[aria-live=assertive]", { hasText: "Your turn" }))
    .first()
    .waitFor();
  const toggle = page.getByTestId("moves-toggle");
  assert.equal(await toggle.getAttribute("aria-expanded"), "false", "the moves are folded away");
  await toggle.focus();
  await page.keyboard.press("Enter");
  assert.equal(await toggle.getAttribute("aria-expanded"), "true", "Enter opens them");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? getComputedStyle(el).outlineStyle : "none";
  });
  assert.notEqual(outline, "none", "the focused element shows its focus");
  await page.screenshot({ path: artifact("game-shell.png"), fullPage: true });
  const board = [".board-area", '[data-testid="events"]'];
  await assertAccessible(page, "a game page's shell", board);
  await assertNoInternalIds(page, "a game page's shell", { within: ".game-head, .commands h2" });
  await assertShortPage(page, "a game page");
  await page.setViewportSize(PHONE);
  await page.evaluate(() => {
    const board = document.querySelector<HTMLElement>(".board-area"); // the board is each game's own
    if (board) board.style.display = "none";
  });
  await assertFitsNarrow(page, "a game page's shell", ['[data-testid="events"]', ".commands"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the game list, an end screen and a replay pass the checks", async () => {
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const made = await client.createGame({
    rules: "hare-and-tortoise",
    players: ["Ama", "Kofi"],
    bots: [
      { seat: 0, level: "greedy", thinkMs: 1 },
      { seat: 1, level: "greedy", thinkMs: 1 },
    ],
  });
  const { page, errors, context } = await person(browser, DESK);
  await page.goto(`${server.webUrl}/#/${made.game.name}`);
  await page.getByTestId("result").waitFor({ timeout: 120_000 });
  await page.screenshot({ path: artifact("end-screen.png"), fullPage: true });
  await assertNoInternalIds(page, "the end screen", { within: '[data-testid="result"]' });
  await assertAccessible(page, "the end screen", [".board-area", '[data-testid="events"]']);

  await page.goto(`${server.webUrl}/#/games`);
  await page.getByRole("heading", { name: "Games" }).waitFor();
  await page
    .locator(".game-row")
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await checkPage(page, "the list of games in play");
  await page.getByLabel("Show").selectOption("finished");
  await page.locator(".game-row", { hasText: "Ama" }).first().waitFor({ timeout: 30_000 });
  await checkPage(page, "the list of finished games");

  await page
    .locator(".game-row", { hasText: "Ama" })
    .first()
    .getByRole("link", { name: /Replay/ })
    .click();
  await page.getByTestId("replay-version").waitFor();
  await page.keyboard.press("ArrowLeft");
  await page
    .getByTestId("replay-version")
    .filter({ hasText: /^\s*\d+ \/ \d+/ })
    .waitFor();
  const replayBoard = [".board-area", '[data-testid="replay-event"]', '[data-testid="events"]'];
  await checkPage(page, "the replay", replayBoard);
  await page.screenshot({ path: artifact("replay.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});
