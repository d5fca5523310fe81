// A game with a clock: the lobby sets a time per move, and the page counts the move's deadline down.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";

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

test("a time per move set in the lobby counts down on the game page", async () => {
  const { page, errors, context } = await person(browser);
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Hare & the Tortoise/ }).check();
  await page.getByLabel("Number of players").selectOption("2");
  await page.getByLabel("Time per move").selectOption("30");
  await page.getByLabel("when it runs out").selectOption("move");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  const clock = page.getByTestId("move-clock");
  await clock.waitFor();
  // Both seats choose a second bet at once; the bot's choice (v3) starts the person's move afresh: count
  // from there, so that the 2 s below are one deadline's.
  await page.waitForFunction(
    () => Number(document.querySelector("h1 .muted")?.textContent?.replace("v", "")) >= 3,
    undefined,
    { timeout: 30_000 },
  );
  const seconds = async () => Number(/(\d+) s left/.exec((await clock.textContent()) ?? "")?.[1]);
  const first = await seconds();
  assert.ok(first > 20 && first <= 30, `a fresh move has about 30 s, not ${first}`);
  assert.match(
    (await clock.textContent()) ?? "",
    /then the server plays a random move for the player to act/,
  );
  await page.waitForTimeout(2_100);
  assert.ok((await seconds()) < first, "the clock runs");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a chess clock set in the lobby shows every seat's time; the seat to act's clock runs", async () => {
  const { page, errors, context } = await person(browser);
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Hare & the Tortoise/ }).check();
  await page.getByLabel("Number of players").selectOption("2");
  await page.getByLabel("Chess clock").selectOption("300+3");
  await page.getByLabel("when it runs out").selectOption("forfeit");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  const clocks = page.getByTestId("seat-clocks");
  await clocks.waitFor();
  const times = async () =>
    (await clocks.locator("li b").allTextContents()).map((t) => {
      const [m, s] = t.split(":").map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    });
  const first = await times();
  assert.equal(first.length, 2, "one clock per seat");
  assert.ok(
    first.every((s) => s > 290 && s <= 300),
    `five minutes each, not ${first}`,
  );
  assert.match((await clocks.textContent()) ?? "", /\+3 s a move; at 0:00 that player forfeits/);
  assert.equal(await page.getByTestId("move-clock").count(), 0, "no deadline per move was set");
  // Both seats choose a second bet at once (HT-S3): both clocks run until the bot (seat 1) has chosen;
  // its move stops its clock and adds its 3 s, while the person's keeps running.
  await page.waitForTimeout(2_100);
  let later = await times();
  // The bot plays at a person's pace; on a loaded machine its move can come later than 2 s.
  for (let i = 0; i < 100 && (later[1] ?? 0) <= 300; i++) {
    await page.waitForTimeout(200);
    later = await times();
  }
  assert.ok((later[0] ?? 0) < (first[0] ?? 0), `the person's clock runs: ${first} then ${later}`);
  assert.ok((later[1] ?? 0) > 300, `the bot's move added its increment: ${later}`);
  assert.equal(await clocks.locator("li.running").count(), 1, "only the seat to act's clock runs");
  await page.screenshot({ path: artifact("chess-clock.png") });
  assert.deepEqual(errors, []);
  await context.close();
});
