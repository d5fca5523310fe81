// A person plays Antics! against two server bots by clicking on the drawn page: markers on the hexes
// of their own ant-hill, tiles in the display, and the labelled moves for the rest; several turns,
// then the page is photographed (also at a phone's width).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";
import { moveButtons } from "./support/checks.ts";

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

const MAX_CLICKS = 80; // bounded: a broken page must not loop for ever
const TURNS = 4;

async function version(page: Page): Promise<string> {
  return (await page.locator("h1 .muted").textContent()) ?? "";
}

test("a person plays several turns of Antics! against server bots by clicking on the board", async () => {
  const { page, errors, context } = await person(browser);
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Antics/ }).check();
  await page.getByLabel("Number of players").selectOption("3");
  for (const seat of [1, 2])
    await page.getByLabel(`Bot level for Bot ${seat}`).selectOption("greedy");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForSelector(".antics-board");
  // the drawn page: the display with its three anteaters, the meadow, every ant-hill
  assert.equal(
    await page.locator(".antics-display").getByText("Anteater", { exact: true }).count(),
    3,
  );
  assert.equal(await page.locator(".antics-hill").count(), 3);
  await page.getByRole("img", { name: "the meadow" }).waitFor();

  let turns = 0;
  let boardClicks = 0;
  let wasMine = false;
  const deadline = Date.now() + 90_000;
  for (let click = 0; click < MAX_CLICKS && turns < TURNS && Date.now() < deadline; ) {
    const text = (await page.getByTestId("turn").textContent()) ?? "";
    if (text.includes("over")) break;
    const mine = text.includes("Your turn");
    if (!mine) {
      if (wasMine) turns++;
      wasMine = false;
      await page.waitForTimeout(150); // the bots move on the server
      continue;
    }
    wasMine = true;
    click++;
    const before = await version(page);
    await moveButtons(page);
    const onBoard = page.locator(".antics-board .clickable");
    const end = page.locator('.commands button[data-command="end_turn"]:not([disabled])');
    const finish = page.locator('.commands button[data-command="finish_action"]:not([disabled])');
    if ((await onBoard.count()) > 0 && click % 5 !== 4) {
      await onBoard.first().click(); // a marker on a hex, or a tile from the display
      boardClicks++;
    } else {
      const moves = page.locator(
        '.commands button[data-command]:not([disabled]):not([data-command="finish_action"]):not([data-command="end_turn"])',
      );
      if ((await moves.count()) > 0 && click % 3 !== 2) await moves.first().click();
      else if ((await finish.count()) > 0) await finish.first().click();
      else if ((await end.count()) > 0) await end.first().click();
      else await page.locator(".commands button[data-command]:not([disabled])").first().click();
    }
    await page.waitForFunction(
      (v) => document.querySelector("h1 .muted")?.textContent !== v,
      before,
      {
        timeout: 20_000,
      },
    );
  }
  assert.ok(turns >= 2, `only ${turns} turns were played`);
  assert.ok(boardClicks > 0, "nothing on the board was clickable");
  assert.ok((await page.locator('[data-testid="events"] li').count()) > 5, "events are told");
  await page.screenshot({ path: artifact("antics-board.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact("antics-board-phone.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});
