// A person plays The Grasshopper & the Ant against server bots by clicking on the drawn page: a whole
// Autumn game (ants laid by picking cards on the grid, markers chosen, the Cicada seated by clicking an
// ant), then a few turns of Winter with Red Ants and the market, watched by a spectator on a phone.
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

const MAX_LOOPS = 400; // an Autumn game is ~15 rounds, ~2 moves of mine each; the bound stops a broken page

async function turnText(page: Page): Promise<string> {
  return (await page.getByTestId("turn").textContent()) ?? "";
}

async function versionOf(page: Page): Promise<string> {
  return (await page.locator("h1 .muted").textContent()) ?? "";
}

let placingShot = false;

/** One move by clicking on the board; returns what kind of move it was. */
async function move(page: Page): Promise<string> {
  const before = await versionOf(page);
  await moveButtons(page);
  let kind: string;
  const place = page.locator('.commands button[data-command="place_ants"]');
  const sit = page.locator('.ga-grid button[aria-label*="sit the Cicada"]');
  const marker = page.locator(".ga-markers button.ga-marker:not([disabled])");
  const choice = page.locator(
    ".ga-turn button:not([disabled]), .ga-provision button:not([disabled])",
  );
  if ((await place.count()) > 0) {
    // Take the cells of one legal placement from its label ("ants on A1 B1 ..."), pick them on the grid.
    const labelText = (await place.nth(Math.min(7, (await place.count()) - 1)).textContent()) ?? "";
    const cells = labelText.replace(/^ants on /, "").split(" ");
    assert.equal(cells.length, 6, `a placement names 6 cells: ${labelText}`);
    for (const cell of cells) await page.locator(`.ga-grid button[aria-label^="${cell}:"]`).click();
    if (!placingShot) {
      await page.screenshot({ path: artifact("grasshopper-and-ant-placing.png"), fullPage: true });
      placingShot = true;
    }
    await page.getByRole("button", { name: /^Place ants on 6 cards/ }).click();
    kind = "place";
  } else if ((await sit.count()) > 0) {
    await sit.first().click();
    kind = "sit";
  } else if ((await marker.count()) > 0) {
    await marker.first().click();
    kind = "marker";
  } else if ((await choice.count()) > 0) {
    await choice.first().click();
    kind = "choice";
  } else {
    await page.locator(".commands button[data-command]:not([disabled])").first().click();
    kind = "list";
  }
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 30_000,
    },
  );
  return kind;
}

async function create(page: Page, players: number, mode: string, level: string): Promise<string> {
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Grasshopper/ }).check();
  await page.getByLabel("Number of players").selectOption(String(players));
  await page.locator("#option-mode").selectOption(mode);
  await page.getByLabel("Name of player 1").fill("Ann");
  for (let s = 1; s < players; s++)
    await page.getByLabel(`Bot level for Bot ${s}`).selectOption(level);
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForSelector(".ga-board");
  return page.url();
}

test("a person plays a whole Autumn game against a bot by clicking on the grid", async () => {
  const ann = await person(browser);
  await create(ann.page, 2, "autumn", "greedy");
  const kinds = new Set<string>();
  let loops = 0;
  let shot = false;
  for (; loops < MAX_LOOPS; loops++) {
    const text = await turnText(ann.page);
    if (text.includes("over")) break;
    if (!text.includes("Your turn")) {
      await ann.page.waitForTimeout(100);
      continue;
    }
    kinds.add(await move(ann.page));
    if (!shot && kinds.has("sit") && kinds.has("place")) {
      await ann.page.screenshot({
        path: artifact("grasshopper-and-ant-board.png"),
        fullPage: true,
      });
      shot = true;
    }
  }
  assert.ok(loops < MAX_LOOPS, "the game did not end");
  await ann.page.getByTestId("result").waitFor();
  for (const k of ["place", "marker", "sit"])
    assert.ok(kinds.has(k), `played a ${k} move by clicking`);
  const log = await ann.page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(
    log.some((l) => /The Ant's marker was/.test(l)),
    "reveals are told in words",
  );
  assert.ok(log.some((l) => /The game is over/.test(l)));
  assert.match((await ann.page.locator(".ga-end").textContent()) ?? "", /Ended because/);
  await ann.page.screenshot({ path: artifact("grasshopper-and-ant-end.png"), fullPage: true });
  assert.deepEqual(ann.errors, []);
  await ann.context.close();
});

test("Winter with Red Ants: a few turns by clicking; a phone-sized spectator sees no secret marker", async () => {
  const ann = await person(browser);
  const url = await create(ann.page, 3, "winter", "search");
  const game = /#\/games\/[0-9a-f-]+/.exec(url)?.[0];
  assert.ok(game, url);
  const phone = await person(browser, { width: 390, height: 844 });
  await phone.page.goto(`${server.webUrl}/${game}`);
  await phone.page.waitForSelector(".ga-board");
  let moves = 0;
  for (let loops = 0; loops < MAX_LOOPS && moves < 8; loops++) {
    const text = await turnText(ann.page);
    if (text.includes("over")) break;
    const spectatorText = (await phone.page.locator("main").textContent()) ?? "";
    assert.doesNotMatch(
      spectatorText,
      /Your secret marker|face down: /,
      "a spectator sees no secret",
    );
    if (!text.includes("Your turn")) {
      await ann.page.waitForTimeout(150);
      continue;
    }
    await move(ann.page);
    moves++;
  }
  assert.ok(moves >= 4, `played ${moves} moves`);
  assert.ok(
    (await ann.page.locator(".ga-market .ga-provision").count()) > 0,
    "the market shows its provisions",
  );
  assert.match((await ann.page.locator(".ga-market").textContent()) ?? "", /price:/);
  await ann.page.screenshot({ path: artifact("grasshopper-and-ant-winter.png"), fullPage: true });
  await phone.page.screenshot({ path: artifact("grasshopper-and-ant-phone.png"), fullPage: true });
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(phone.errors, []);
  await ann.context.close();
  await phone.context.close();
});
