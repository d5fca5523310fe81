// At the table (issue 35), two people in two browsers over the real server: a game created with take-backs;
// one moves, asks to take it back, the other accepts and the board is as before the move. A hidden page's
// tab says "(Your turn)" when its turn comes (and a notification, once asked for by a click). They finish
// the game; one clicks Play again and both reach the rematch at their own seats; the first game's replay
// says the take-back.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";
import { assertAccessible, moveButtons } from "./support/checks.ts";

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

const MAX_MOVES = 300; // a 2-player Grasshopper & Ant game takes ~40 first-choice moves

const versionOf = async (page: Page) => (await page.locator("h1 .muted").textContent()) ?? "";
const turnOf = async (page: Page) => (await page.getByTestId("turn").textContent()) ?? "";
const boardOf = async (page: Page) => (await page.locator(".board-area").textContent()) ?? "";

async function changed(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    { timeout: 20_000 },
  );
}

/** The first move the page offers, clicked; returns when the page shows the next version. */
async function move(page: Page): Promise<void> {
  const before = await versionOf(page);
  await (await moveButtons(page)).first().click();
  await changed(page, before);
}

/** The page as if its tab were in the background (hidden: true) or in front again. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    Object.defineProperty(document, "hidden", { value: hidden, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/** Records every notification the page shows (the real one still runs). */
const SPY_NOTIFICATIONS = () => {
  const seen: string[] = [];
  (window as unknown as { notices: string[] }).notices = seen;
  const spy = new Proxy(window.Notification, {
    construct(target, args, newTarget) {
      seen.push(String(args[0]));
      return Reflect.construct(target, args, newTarget);
    },
  });
  Object.defineProperty(window, "Notification", { value: spy, configurable: true, writable: true });
};

async function createGame(page: Page): Promise<{ game: string; invite: string }> {
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Grasshopper/ }).check();
  await page.getByLabel("Number of players").selectOption("2");
  await page.getByLabel("Name of player 1").fill("Alice");
  await page.getByLabel("Name of player 2").fill("Bob");
  await page.getByLabel("Who plays Bob").selectOption("friend");
  await page.getByLabel("Players may ask to take back a move").check();
  await page.getByRole("button", { name: "Create game" }).click();
  const invite = await page.getByLabel("Invite link for Bob").inputValue();
  await page.getByRole("link", { name: "Go to the table" }).click();
  return { game: `games/${/#\/games\/([0-9a-f-]+)/.exec(invite)?.[1]}`, invite };
}

/** Whose turn it is: the page to move and the other one (waits while a view is on its way). */
async function mover(pages: Page[]): Promise<[Page, Page] | undefined> {
  for (let tries = 0; tries < 200; tries++) {
    const turns = await Promise.all(pages.map(turnOf));
    if (turns.every((t) => t.includes("over"))) return undefined;
    const i = turns.findIndex((t) => t.includes("Your turn"));
    if (i >= 0) return [pages[i] as Page, pages[1 - i] as Page];
    await pages[0]?.waitForTimeout(100);
  }
  throw new Error("nobody's turn came");
}

test("take back a move, a hidden tab's turn, play again, the replay", async () => {
  const alice = await person(browser);
  const bob = await person(browser);
  await bob.context.grantPermissions(["notifications"], { origin: server.webUrl });
  await bob.context.addInitScript(SPY_NOTIFICATIONS);
  const { game, invite } = await createGame(alice.page);
  await bob.page.goto(invite);
  const pages = [alice.page, bob.page];
  for (const page of pages) await page.locator(".ga-grid").waitFor();

  // One moves and asks to take it back; the other accepts; the board and the turn are as before.
  const started = Date.now();
  const [first, other] = (await mover(pages)) ?? assert.fail("the game has begun");
  const [turnBefore, boardBefore] = [await turnOf(first), await boardOf(first)];
  await move(first);
  const ask = first.getByRole("button", { name: "Ask to take back your last move" });
  await ask.click();
  await first
    .getByTestId("takeback-accepted")
    .filter({ hasText: "Accepted so far: you." })
    .waitFor();
  await other.getByText(/^(Alice|Bob) asks to take back the last move\./).waitFor();
  await assertAccessible(other, "a take-back offer");
  await other.screenshot({ path: artifact("table-offer.png") });
  await other.getByRole("button", { name: "Accept" }).click();
  for (const page of pages) {
    await page.locator('[data-testid="events"] li[data-type="TakenBack"]').waitFor();
  }
  const wentBack =
    (await first
      .locator('[data-testid="events"] li[data-type="TakenBack"] .muted')
      .textContent()) ?? "";
  await first.locator("h1 .muted").filter({ hasText: wentBack }).waitFor(); // the view after it
  assert.equal(await turnOf(first), turnBefore, "the turn is as before the move");
  assert.equal(await boardOf(first), boardBefore, "the board is as it stood before the move");
  const told = await first
    .locator('[data-testid="events"] li[data-type="TakenBack"]')
    .textContent();
  assert.match(told ?? "", /Taken back: the game is again as it stood at version \d+\./);
  await first.screenshot({ path: artifact("table-taken-back.png"), fullPage: true });
  console.log(`take-back done in ${Date.now() - started} ms`);

  // Bob asks for notifications (by a click), his tab goes to the background, and his turn comes.
  await bob.page.getByLabel("Notify me on my turn").click();
  await bob.page.waitForFunction(
    () => document.querySelector<HTMLInputElement>(".notify input")?.checked,
  );
  let hiddenChecked = false;
  let moves = 0;
  for (; moves < MAX_MOVES; moves++) {
    const turn = await mover(pages);
    if (turn === undefined) break;
    if (!hiddenChecked && turn[0] === alice.page && !(await turnOf(bob.page)).includes("Your")) {
      await setHidden(bob.page, true);
      const bobsTurn = async () => (await turnOf(bob.page)).includes("Your turn");
      while (!(await bobsTurn()) && !(await turnOf(alice.page)).includes("over")) {
        if ((await turnOf(alice.page)).includes("Your turn")) await move(alice.page);
        else await alice.page.waitForTimeout(100);
      }
      await bob.page.waitForFunction(() => document.title.startsWith("(Your turn) "));
      assert.equal(await bob.page.title(), "(Your turn) The Grasshopper & the Ant");
      const notices = await bob.page.evaluate(
        () => (window as unknown as { notices: string[] }).notices,
      );
      assert.deepEqual(notices, ["The Grasshopper & the Ant"]);
      await setHidden(bob.page, false);
      assert.equal(
        await bob.page.title(),
        "PlayLedger",
        "the title comes back once the page is seen",
      );
      hiddenChecked = true;
      continue;
    }
    await move(turn[0]);
  }
  assert.ok(moves < MAX_MOVES, "the game did not end");
  assert.ok(hiddenChecked, "Bob's turn came while his page was hidden");
  for (const page of pages) await page.getByTestId("result").waitFor();
  console.log(`game finished after ${moves} more moves, ${Date.now() - started} ms`);

  await alice.page.screenshot({ path: artifact("table-end.png") });
  // Alice plays again; Bob's page learns of the rematch; both sit at their own seats in it.
  await alice.page.getByRole("button", { name: "Play again" }).click();
  await alice.page.waitForFunction((old) => !window.location.hash.includes(old.slice(6)), game);
  const rematch = /#\/games\/([0-9a-f-]+)/.exec(alice.page.url())?.[1] ?? "";
  assert.notEqual(`games/${rematch}`, game);
  await bob.page.getByRole("link", { name: "Go to the rematch" }).click();
  await bob.page.waitForFunction((id) => window.location.hash.includes(id), rematch);
  for (const [page, seat] of [
    [alice.page, 0],
    [bob.page, 1],
  ] as const) {
    await page.locator(".ga-grid").waitFor();
    await page.locator(`.players li.me[data-seat="${seat}"]`).waitFor();
    assert.doesNotMatch(await turnOf(page), /watching/, "a seat, not a spectator");
  }
  assert.ok(await mover(pages), "someone is to act in the rematch");
  await alice.page.screenshot({ path: artifact("table-rematch.png"), fullPage: true });

  // The first game's replay says the take-back at its version.
  await bob.page.goto(`${server.webUrl}/#/${game}/replay`);
  await bob.page.getByTestId("replay-version").waitFor();
  const events = bob.page.getByTestId("replay-event");
  const last = Number((await bob.page.locator('input[type="range"]').getAttribute("max")) ?? "0");
  const at = wentBack.replace("v", "");
  await bob.page.locator('input[type="range"]').fill(at);
  await bob.page
    .getByTestId("replay-version")
    .filter({ hasText: `${at} / ${last}` })
    .waitFor();
  await events.filter({ hasText: /\S/ }).waitFor(); // the replay's events arrive after its first view
  const found = (await events.textContent()) ?? "";
  assert.match(found, /^Taken back: the game is again as it stood at version \d+\.$/);
  for (const p of [alice, bob]) assert.deepEqual(p.errors, []);
});
