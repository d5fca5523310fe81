// One person plays a whole Autumn game of The Grasshopper & the Ant against a server bot by keyboard alone
// (Tab, the arrow keys across the grid, Space to pick a card, Escape to clear the pick, Enter: no click),
// with the page in Greek, the rulebook's language. In every phase it reaches, and at the end, the page is
// read in Greek, Polish and Czech (the language menu, by keyboard too): no English message of the catalog,
// no internal id shown or named, no serious accessibility violation; the focus is always visible.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, startServer } from "./support/browser.ts";
import { assertAccessible } from "./support/checks.ts";
import { assertInLanguage } from "./support/grasshopper-and-ant.ts";
import { assertFocusShown, focused, tabTo } from "./support/keyboard.ts";

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

const MAX_STEPS = 2000; // waits of 100 ms and moves; an Autumn game takes ~20 of this seat's moves
const ORDER = ["en", "el", "pl", "cs"]; // the language menu's order

function version(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector("h1 .muted")?.textContent ?? "");
}

async function moved(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 30_000,
    },
  );
}

/** Into the grid by Tab (one stop), then the arrow keys to the first card matching `target`. */
async function gridTo(page: Page, target: string): Promise<void> {
  await tabTo(page, ".ga-grid button[tabindex='0']");
  for (let i = 0; i < 12; i++) {
    const at = await page.evaluate((t) => {
      const want = document.querySelector(`.ga-grid ${t}`);
      const now = document.activeElement;
      return {
        want: [Number(want?.getAttribute("data-row")), Number(want?.getAttribute("data-col"))],
        now: [Number(now?.getAttribute("data-row")), Number(now?.getAttribute("data-col"))],
        there: want === now,
      };
    }, target);
    if (at.there) return;
    const [wr = 0, wc = 0] = at.want;
    const [nr = 0, nc = 0] = at.now;
    const key = wr > nr ? "ArrowDown" : wr < nr ? "ArrowUp" : wc > nc ? "ArrowRight" : "ArrowLeft";
    await page.keyboard.press(key);
  }
  assert.fail(`${target} not reached by the arrow keys`);
}

function pressed(page: Page): Promise<number> {
  return page.locator('.ga-grid button[aria-pressed="true"]').count();
}

/** The Ant's chain: six cards picked by arrows and Space (Escape tried once), then Enter on Place. */
async function placeAnts(page: Page, tryEscape: boolean): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await gridTo(page, 'button[data-doing="pick"]');
    if (i === 0) await assertFocusShown(page, "a card of the grid");
    await page.keyboard.press("Space");
    assert.equal(await pressed(page), i + 1, "Space picks the card");
    if (i === 0 && tryEscape) {
      await page.keyboard.press("Escape");
      assert.equal(await pressed(page), 0, "Escape clears the pick");
      i = -1;
      tryEscape = false;
    }
  }
  await page.keyboard.press("Tab");
  assert.ok(await focused(page, ".ga-grid-wrap .ga-actions button.primary"), "Place is next");
  await assertFocusShown(page, "the Place button");
  await page.keyboard.press("Enter");
}

/** One move of this seat by keyboard: the chain, a marker, or the Cicada's card. */
async function move(page: Page, first: boolean): Promise<string> {
  const before = await version(page);
  let kind = "";
  if ((await page.locator('.ga-grid button[data-doing="pick"]').count()) > 0) {
    await placeAnts(page, first);
    kind = "place";
  } else if ((await page.locator('.ga-grid button[data-doing="sit"]').count()) > 0) {
    await gridTo(page, 'button[data-doing="sit"]');
    await assertFocusShown(page, "a card with an ant");
    await page.keyboard.press("Enter");
    kind = "sit";
  } else {
    await tabTo(page, ".ga-markers button.ga-marker:not([disabled])");
    await assertFocusShown(page, "a marker");
    await page.keyboard.press("Enter");
    kind = "marker";
  }
  await moved(page, before);
  return kind;
}

/** The language menu by keyboard: Tab to it, the arrow keys to the language; then its words are shown. */
async function language(page: Page, to: string): Promise<void> {
  await tabTo(page, '[data-testid="language"]');
  const from = ORDER.indexOf(await page.locator('[data-testid="language"]').inputValue());
  const steps = ORDER.indexOf(to) - from;
  for (let i = 0; i < Math.abs(steps); i++)
    await page.keyboard.press(steps > 0 ? "ArrowDown" : "ArrowUp");
  await page.waitForFunction((l) => document.documentElement.lang === l, to);
}

/** The page in Greek, Polish and Czech: no English message, no id; axe in Greek. Back to Greek. */
async function checkLanguages(
  page: Page,
  where: string,
  names: string[],
  shot?: string,
): Promise<void> {
  for (const lang of ["pl", "cs", "el"]) {
    await language(page, lang);
    if (shot) await page.screenshot({ path: artifact(`${shot}-${lang}.png`), fullPage: true });
    await assertInLanguage(page, where, names);
  }
  await assertAccessible(page, `${where} (el)`);
}

/** The lobby by keyboard: The Grasshopper & the Ant, 2 players, me as the first Ant (by arrow), Autumn. */
async function createByKeyboard(page: Page): Promise<string[]> {
  await page.goto(`${server.webUrl}/`);
  await page.waitForSelector('input[name="game-type"]:checked');
  assert.equal(await page.getAttribute("html", "lang"), "el", "the browser's Greek is chosen");
  await tabTo(page, 'input[name="game-type"]:checked');
  for (let i = 0; i < 5 && !(await focused(page, '[value="grasshopper-and-ant"]:checked')); i++)
    await page.keyboard.press("ArrowDown");
  assert.ok(await focused(page, '[value="grasshopper-and-ant"]:checked'), "the game chosen");
  const count = "fieldset:has(ol.seats) > label > select";
  await tabTo(page, count);
  for (let i = 0; i < 3 && (await page.locator(count).inputValue()) !== "2"; i++)
    await page.keyboard.press("ArrowUp");
  assert.equal(await page.locator(count).inputValue(), "2", "two players, by the arrow keys");
  await tabTo(page, "#option-first_ant");
  for (let i = 0; i < 3 && (await page.locator("#option-first_ant").inputValue()) !== "0"; i++)
    await page.keyboard.press("ArrowDown");
  assert.equal(await page.locator("#option-first_ant").inputValue(), "0", "I am the first Ant");
  const names = await page
    .locator(".seats li input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await tabTo(page, "form.create button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".invites a.button");
  await tabTo(page, ".invites a.button");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".ga-board");
  return names;
}

function state(page: Page) {
  return page.evaluate(() => ({
    over: document.querySelector('[data-testid="result"]') !== null,
    mine: document.querySelector('[data-testid="turn"]')?.classList.contains("yours") ?? false,
    phase: document.querySelector(".ga-board")?.getAttribute("data-phase") ?? "",
  }));
}

test("a whole Autumn game by keyboard alone, in Greek; every phase read in Greek, Polish and Czech", async () => {
  const started = Date.now();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "el-GR",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const names = await createByKeyboard(page);
  assert.equal(names.length, 2, "me and a bot");
  const phases = new Set<string>();
  const kinds = new Set<string>();
  let moves = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const now = await state(page);
    if (now.over) break;
    if (!now.mine) {
      await page.waitForTimeout(100);
      continue;
    }
    if (!phases.has(now.phase)) {
      await checkLanguages(page, `phase ${now.phase}`, names);
      await page.screenshot({ path: artifact(`ga-keyboard-${now.phase}-el.png`), fullPage: true });
      phases.add(now.phase);
    }
    kinds.add(await move(page, moves === 0));
    moves++;
  }
  await page.getByTestId("result").waitFor({ timeout: 30_000 });
  for (const k of ["place", "marker", "sit"]) assert.ok(kinds.has(k), `a ${k} move by keyboard`);
  const board = (await page.locator(".ga-board").textContent()) ?? "";
  for (const term of ["Μυρμήγκι", "Τζίτζικας", "Αποθήκη"])
    assert.ok(board.includes(term), `the rulebook's word ${term}`);
  await checkLanguages(page, "the end", names, "ga-keyboard-end");
  // On a phone, in Greek (the longest words): nothing sideways; the tables scroll in their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  assert.ok((wide[0] ?? 0) <= (wide[1] ?? 0) + 1, `the Greek end is ${wide.join("px in ")}px`);
  await assertAccessible(page, "the end, phone (el)");
  await page.screenshot({ path: artifact("ga-keyboard-end-phone-el.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
  console.log(
    `keyboard: ${moves} moves, phases ${[...phases].join(", ")}; ${(Date.now() - started) / 1000} s`,
  );
});
