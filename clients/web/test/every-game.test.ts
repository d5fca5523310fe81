// For each of the five games a person sits down against bots in the lobby, plays a full turn by clicking,
// and the page is photographed (test-results/<game>.png: the README's screenshots come from here).
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

const GAMES: { rules: string; title: RegExp; players: number; options?: Record<string, string> }[] =
  [
    { rules: "hare-and-tortoise", title: /Hare & the Tortoise/, players: 3 },
    { rules: "grasshopper-and-ant", title: /Grasshopper/, players: 3 },
    { rules: "baba-yaga", title: /Baba Yaga/, players: 3, options: { mode: "T" } },
    { rules: "atiwa", title: /Atiwa/, players: 2 },
    { rules: "antics", title: /Antics/, players: 3 },
  ];

async function version(page: Page): Promise<string> {
  return (await page.locator("h1 .muted").textContent()) ?? "";
}

for (const g of GAMES) {
  test(`${g.rules}: a person plays a full turn against bots`, async () => {
    const { page, errors, context } = await person(browser);
    await page.goto(`${server.webUrl}/`);
    await page.getByRole("radio", { name: g.title }).check();
    await page.getByLabel("Number of players").selectOption(String(g.players));
    for (const [name, value] of Object.entries(g.options ?? {})) {
      await page.locator(`#option-${name}`).selectOption(value);
    }
    await page.getByRole("button", { name: "Create game" }).click();
    await page.getByRole("link", { name: "Go to the table" }).click();
    await page.getByTestId("turn").filter({ hasText: "Your turn" }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: artifact(`${g.rules}.png`), fullPage: true });
    // A full turn: keep choosing until the game hands the move to someone else (or ends).
    for (let step = 0; step < 40; step++) {
      const text = (await page.getByTestId("turn").textContent()) ?? "";
      if (!text.includes("Your turn")) break;
      const before = await version(page);
      await (await moveButtons(page)).first().click();
      await page.waitForFunction(
        (v) => document.querySelector("h1 .muted")?.textContent !== v,
        before,
        {
          timeout: 20_000,
        },
      );
    }
    const mine = await page.locator('[data-testid="events"] li').count();
    assert.ok(mine > 1, "events are listed");
    await page.screenshot({ path: artifact(`${g.rules}-after-turn.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
