// A person plays Baba Yaga by clicking on the drawn page against the server's bots: Mode R in real
// time (searching the forest when it is their turn, stepping the witch as a flyer while a bot
// searches), then a whole Mode T game; a spectator's page never shows a face-down ingredient.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { assertEndExplained, checkPhase, pageHeight } from "./support/baba-yaga.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";
import { assertAccessible, assertFitsNarrow, moveButtons } from "./support/checks.ts";

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

interface Tally {
  flips: number;
  steps: number;
  reveals: number;
  placements: number;
  other: number;
}

const KIND: Record<string, keyof Tally> = {
  flip_up: "flips",
  flip_down: "flips",
  step_witch: "steps",
  reveal_spell: "reveals",
  place_witch: "placements",
};

async function create(page: Page, players: number, mode: "R" | "T"): Promise<string> {
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Baba Yaga/ }).check();
  await page.getByLabel("Number of players").selectOption(String(players));
  await page.locator("#option-mode").selectOption(mode);
  for (let s = 1; s < players; s++)
    await page.getByLabel(`Bot level for Bot ${s}`).selectOption("greedy");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForSelector(".by-board");
  return /#\/(games\/[0-9a-f-]+)/.exec(page.url())?.[1] ?? "";
}

async function enabled(page: Page, selector: string) {
  const found = page.locator(`${selector}:not([disabled])`);
  return (await found.count()) > 0 ? found.first() : undefined;
}

/** A click on what the page offered a moment ago. In real time (Mode R) the moment can pass before the click
 * lands (the search ends, the witch moves on): Playwright then waits on a button that stays disabled, so give
 * up after a few seconds and look at the page again (false). */
async function tap(target: Locator): Promise<boolean> {
  try {
    await target.click({ timeout: 3_000 });
    return true;
  } catch (e) {
    if (e instanceof Error && e.name === "TimeoutError") return false;
    throw e;
  }
}

/** One click of a person who wants to win: what the page offers now, on the board first. */
async function act(page: Page, tally: Tally): Promise<boolean> {
  const step = await enabled(page, '.by-action[data-action="step_witch"]');
  if (step) {
    if (!(await tap(step))) return false;
    tally.steps++;
    return true;
  }
  const reveal = await enabled(page, '.by-action[data-action="reveal_spell"]');
  if (reveal) {
    if (!(await tap(reveal))) return false;
    tally.reveals++;
    return true;
  }
  const place = page.locator('.by-cell[data-move="place_witch"]');
  if ((await place.count()) > 0) {
    if (!(await tap(place.first()))) return false;
    tally.placements++;
    return true;
  }
  const blocked = (await page.locator('[data-testid="race"] [data-blocked]').count()) > 0;
  const back = page.locator('.by-cell[data-move="flip_down"]');
  if (blocked && (await back.count()) > 0) {
    if (!(await tap(back.first()))) return false;
    tally.flips++;
    return true;
  }
  const over = page.locator('.by-cell[data-move="flip_up"]');
  const n = await over.count();
  if (n > 0) {
    const found = (await page.locator(".by-card li.found").count()) ?? 0;
    const needed = Number(
      (await page
        .getByTestId("needed")
        .getAttribute("data-needed", { timeout: 2000 })
        .catch(() => null)) ?? 3,
    );
    const end = await enabled(page, '.by-action[data-action="end_search"]');
    if (found >= needed && end) {
      if (!(await tap(end))) return false; // the spell is complete: stop the race before the witch is back
      tally.other++;
      return true;
    }
    if (!(await tap(over.nth(Math.floor(Math.random() * n))))) return false;
    tally.flips++;
    return true;
  }
  const cell = page.locator(".by-cell[data-move]"); // the House, a swap, the fearless move
  if ((await cell.count()) > 0) {
    if (!(await tap(cell.first()))) return false;
    tally.other++;
    return true;
  }
  // The view may have moved on since the checks above (a bot acted, a countdown ran out): count
  // what this button really sends, not the branch that found it.
  await moveButtons(page);
  const button =
    (await enabled(page, ".by-action")) ?? (await enabled(page, ".commands button[data-command]"));
  if (button) {
    const type =
      (await button.getAttribute("data-action")) ?? (await button.getAttribute("data-command"));
    if (!(await tap(button))) return false;
    tally[KIND[type ?? ""] ?? "other"]++;
    return true;
  }
  return false;
}

/** What the person's moves became: the log's sentences the server recorded, newer than `seen`. */
const SAID: [RegExp, keyof Tally][] = [
  [/^You turned over [A-E]\d/, "flips"],
  [/^You moved the witch/, "steps"],
  [/^You revealed/, "reveals"],
  [/^You put the witch/, "placements"],
];

interface Seen {
  version: number;
  botSearched: boolean;
}

async function recorded(page: Page, seen: Seen, done: Tally): Promise<void> {
  const lines = await page.getByTestId("events").locator("li").allTextContents();
  let newest = seen.version;
  for (const line of lines) {
    const m = /^v(\d+)\s+(.*)$/s.exec(line.trim());
    const [version, text] = [Number(m?.[1] ?? 0), m?.[2] ?? ""];
    if (version <= seen.version) continue;
    newest = Math.max(newest, version);
    for (const [said, kind] of SAID) if (said.test(text)) done[kind]++;
    if (/^Bot \d turned over/.test(text)) seen.botSearched = true;
  }
  seen.version = newest;
}

test("Mode R: a person searches and flies the witch in real time against two bots", async () => {
  const { page, errors, context } = await person(browser);
  await create(page, 3, "R");
  await page.locator(".by-tile").first().waitFor();
  assert.equal(await page.locator(".by-flip").count(), 0, "nothing flips as the page first draws");
  let flipped = 0; // tiles seen flipping (a CSS animation on a tile turned since the page drew it)
  const clicks: Tally = { flips: 0, steps: 0, reveals: 0, placements: 0, other: 0 };
  // Counted from the log, not from clicks: a click can be refused (the witch moved on, the searcher
  // stopped) or still be on its way when the loop ends.
  const done: Tally = { flips: 0, steps: 0, reveals: 0, placements: 0, other: 0 };
  const seen: Seen = { version: 0, botSearched: false };
  const enough = () =>
    done.flips >= 3 && done.steps >= 1 && done.reveals >= 1 && done.placements >= 1;
  let timers = 0;
  let games = 1;
  let shot = false;
  const until = Date.now() + 150_000; // a few real-time games at most
  while (Date.now() < until && !enough()) {
    if ((await page.getByTestId("turn").textContent())?.includes("over")) {
      // A greedy table can win before the person has had each role: sit down at another.
      if (games === 3) break;
      await create(page, 3, "R");
      games++;
      seen.version = 0;
      continue;
    }
    if ((await page.getByTestId("step-timer").count()) > 0) timers++;
    if (!(await act(page, clicks))) {
      await page.waitForTimeout(120);
      await recorded(page, seen, done);
      continue;
    }
    await page.waitForTimeout(250); // a person's pace: one hand, one action
    flipped = Math.max(flipped, await page.locator(".by-flip").count());
    await recorded(page, seen, done);
    if (!shot && done.flips >= 3 && (await page.getByTestId("witch").count()) > 0) {
      await page.screenshot({ path: artifact("baba-yaga-board.png"), fullPage: true });
      shot = true;
    }
  }
  const story = `recorded ${JSON.stringify(done)}, clicked ${JSON.stringify(clicks)}, ${games} game(s)`;
  assert.ok(done.reveals >= 1 && done.flips >= 3, `the person searched: ${story}`);
  assert.ok(done.placements >= 1, `the person placed the witch: ${story}`);
  assert.ok(done.steps >= 1, `the person flew the witch: ${story}`);
  assert.ok(seen.botSearched, "a bot searched too");
  assert.ok(timers > 0, "the race's countdowns were shown");
  assert.ok(flipped > 0, "a tile turned over flips on the board");
  if (!shot) await page.screenshot({ path: artifact("baba-yaga-board.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: artifact("baba-yaga-phone.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("Mode T: a person plays a whole game against a bot; the end explains it; a spectator sees no face-down ingredient", async () => {
  const started = Date.now();
  const { page, errors, context } = await person(browser, { width: 1280, height: 900 });
  const game = await create(page, 2, "T");
  const watcher = await person(browser);
  await watcher.page.goto(`${server.webUrl}/#/${game}`);
  await watcher.page.waitForSelector(".by-board");
  const tally: Tally = { flips: 0, steps: 0, reveals: 0, placements: 0, other: 0 };
  const done: Tally = { flips: 0, steps: 0, reveals: 0, placements: 0, other: 0 };
  const seen: Seen = { version: 0, botSearched: false };
  const phases = new Map<string, number>(); // each phase of this seat's, checked once, with the page's height
  let shown = 0;
  for (let move = 0; move < 400; move++) {
    const turn = (await page.getByTestId("turn").textContent()) ?? "";
    if (turn.includes("over")) break;
    const version = await page.locator("h1 .muted").textContent();
    const phase = (await page.locator(".by-board").getAttribute("data-phase")) ?? "";
    const mine = turn.includes("Your turn");
    if (mine && !phases.has(phase)) {
      await checkPhase(page, `Mode T, ${phase}`, true);
      phases.set(phase, await pageHeight(page));
      await page.screenshot({ path: artifact(`baba-yaga-t-${phase}.png`), fullPage: true });
    }
    if (!mine || !(await act(page, tally))) {
      await page.waitForTimeout(150);
      continue;
    }
    await page
      .waitForFunction((v) => document.querySelector("h1 .muted")?.textContent !== v, version, {
        timeout: 20_000,
      })
      .catch(() => undefined); // a refused click leaves the version: the next view says what to do
    await recorded(page, seen, done);
    if (move % 10 === 0) shown += await watcher.page.locator(".by-tile.shown").count();
  }
  await page.getByTestId("result").waitFor({ timeout: 60_000 });
  const result = (await page.getByTestId("result").textContent()) ?? "";
  assert.match(result, /third spell|turn/);
  await recorded(page, seen, done);
  assert.ok(done.flips > 5 && done.reveals >= 1, `recorded ${JSON.stringify(done)}`);
  assert.equal(shown, 0, "the spectator's page showed a face-down tile's ingredient");
  const said = await assertEndExplained(page, 2);
  await checkPhase(page, "Mode T, the end", true);
  phases.set("end", await pageHeight(page));
  await page.screenshot({ path: artifact("baba-yaga-end.png"), fullPage: true });
  await assertEndExplained(watcher.page, 2); // the spectator's page explains it the same way
  await page.setViewportSize({ width: 390, height: 844 });
  await assertFitsNarrow(page, "the end, phone", ['[data-testid="events"]', ".commands"]);
  await assertAccessible(page, "the end, phone");
  await page.screenshot({ path: artifact("baba-yaga-end-phone.png"), fullPage: true });
  console.log(
    `Mode T: ${JSON.stringify(done)}; heights ${JSON.stringify(Object.fromEntries(phases))}; ` +
      `end: ${said.join("; ")}; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(watcher.errors, []);
  await watcher.context.close();
  await context.close();
});
