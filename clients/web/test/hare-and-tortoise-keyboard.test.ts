// One person plays a whole Hare & Tortoise game against two of the server's bots by keyboard alone (Tab,
// Shift+Tab, the arrow keys, Space, Enter, Escape: no click), with the page in Greek, the rulebook's
// language. In every phase it reaches the page shows no English, no internal id, and no serious
// accessibility violation, board included; the focus is always visible; the end explains the result.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, startServer } from "./support/browser.ts";
import {
  assertAccessible,
  assertFitsNarrow,
  assertNoInternalIds,
  englishLeaks,
  englishMessages,
  visibleText,
} from "./support/checks.ts";
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

const ENGLISH = englishMessages(["app", "hare-and-tortoise"]);
const MAX_STEPS = 3000; // waits of 100 ms and moves; a 3-player game takes ~30 of this seat's moves
const ALLOWED = ["PlayLedger", "Enter", "Esc"]; // the brand and the keys' names, as on a keyboard

/** The page's text holds no English and no internal id; axe finds nothing serious (when asked). */
async function checkPage(page: Page, where: string, names: string[], axe: boolean): Promise<void> {
  // Not the language menu (each language by its own name) nor the other games' titles in the lobby.
  const text = await visibleText(page, "body", [".language", ".game-type:not(.chosen)"]);
  assert.deepEqual(englishLeaks(text, ENGLISH, [...ALLOWED, ...names]), [], `${where}: English`);
  await assertNoInternalIds(page, where);
  if (axe) await assertAccessible(page, where);
}

/** Once per phase: the same page in Polish and Czech (set with the language menu), then Greek again. */
async function inOtherLanguages(page: Page, where: string, names: string[]): Promise<void> {
  for (const lang of ["pl", "cs", "el"]) {
    await page.getByTestId("language").selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    if (lang === "el") continue;
    // Polish and Czech are written in Latin letters: only the English catalog's own messages count here
    const text = await visibleText(page, "body", [
      ".language",
      ".game-type:not(.chosen)",
      "[aria-live]",
    ]);
    const leaks = englishLeaks(text, ENGLISH, [...ALLOWED, ...names]).filter((l) =>
      l.startsWith("English"),
    );
    assert.deepEqual(leaks, [], `${where} (${lang}): English`);
    await assertNoInternalIds(page, `${where} (${lang})`);
  }
}

async function version(page: Page): Promise<string> {
  return (await page.locator("h1 .muted").textContent()) ?? "";
}

/** The hand's cards as the page names them ("Λαγός 07", "Λύκος 02 (Κραυγή)"), and which is focused. */
async function hand(page: Page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLButtonElement>(".hand .card")];
    return {
      names: cards.map((c) => c.textContent ?? ""),
      pressed: cards.map((c) => c.getAttribute("aria-pressed") === "true"),
      howl: cards.map((c) => c.classList.contains("howl")),
      at: cards.indexOf(document.activeElement as HTMLButtonElement),
    };
  });
}

/** From the focused card to card `to` by the arrow keys (Home first when it is behind), then Space. */
async function select(page: Page, to: number): Promise<void> {
  let { at } = await hand(page);
  if (at > to) {
    await page.keyboard.press("Home");
    at = 0;
  }
  for (; at < to; at++) await page.keyboard.press("ArrowRight");
  assert.equal((await hand(page)).at, to, "the arrow keys move along the hand");
  await assertFocusShown(page, "a card of the hand");
  await page.keyboard.press("Space");
  assert.ok((await hand(page)).pressed[to], "Space selects the card");
}

const animalOf = (name: string) => name.replace(/\s*\d.*$/, "");

/**
 * One move: into the hand (Shift+Tab from the side, Tab otherwise), select by arrows and Space, Tab to the
 * bet or play button, Enter. A play of two cards of one animal when the hand has them (Escape and one card
 * instead if the table refuses two); any one card otherwise.
 */
async function move(page: Page, phase: string, detour: boolean): Promise<void> {
  if (detour) await tabTo(page, '[data-testid="events"]'); // past the hand, to come back by Shift+Tab
  const fromSide = await page.evaluate(() => !!document.activeElement?.closest("aside"));
  await tabTo(page, ".hand .card", { back: fromSide });
  const { names } = await hand(page);
  const pair = names.findIndex((n, i) => names.findIndex((m) => animalOf(m) === animalOf(n)) < i);
  const first = pair < 0 ? 0 : names.findIndex((m) => animalOf(m) === animalOf(names[pair] ?? ""));
  await select(page, first);
  if (phase === "play" && pair >= 0) {
    await select(page, pair);
    if ((await page.locator(".hand .actions button.primary").count()) === 0) {
      await page.keyboard.press("Escape");
      assert.ok(!(await hand(page)).pressed.some(Boolean), "Escape clears the selection");
      await select(page, first);
    }
  }
  const before = await version(page);
  await tabTo(page, ".hand .actions button.primary");
  await assertFocusShown(page, "the bet or play button");
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 20_000,
    },
  );
}

/** What the page is at: over, whose turn, the board's phase, the last racing phase's end. */
function state(page: Page) {
  return page.evaluate(() => ({
    over: document.querySelector('[data-testid="result"]') !== null,
    mine: document.querySelector('[data-testid="turn"]')?.classList.contains("yours") ?? false,
    phase: document.querySelector(".ht-board")?.getAttribute("data-phase") ?? "",
    raced:
      document.querySelector('[data-testid="events"] li[data-type="RoundEnded"] .muted')
        ?.textContent ?? "",
  }));
}

/** The lobby by keyboard: Hare & Tortoise is chosen, you and two bots (Turbo: its option by arrow). */
async function createByKeyboard(page: Page, turbo: boolean): Promise<string[]> {
  await page.goto(`${server.webUrl}/`);
  await page.waitForSelector('input[name="game-type"][value="hare-and-tortoise"]:checked');
  assert.equal(await page.getAttribute("html", "lang"), "el", "the browser's Greek is chosen");
  const names = await page
    .locator(".seats li input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  if (turbo) {
    await tabTo(page, "#option-variant");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.locator("#option-variant").inputValue(), "turbo", "Turbo chosen");
  } else {
    await checkPage(page, "the lobby", names, true);
  }
  await tabTo(page, "form.create button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".invites a.button");
  await tabTo(page, ".invites a.button");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".ht-board");
  return names;
}

/** Turbo's pick: Tab to the movable pawns (one stop), an arrow to the next one if any, Enter. */
async function movePawn(page: Page): Promise<void> {
  const fromSide = await page.evaluate(() => !!document.activeElement?.closest("aside"));
  await tabTo(page, ".pawn.movable", { back: fromSide });
  if ((await page.locator(".pawn.movable").count()) > 1) {
    await page.keyboard.press("ArrowRight");
    assert.ok(await focused(page, ".pawn.movable"), "the arrow keys move among the pawns");
  }
  const named = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
  assert.match(named ?? "", /^Μετακίνησε: /, "a movable pawn says what it does");
  await assertFocusShown(page, "a pawn to move");
  const before = await version(page);
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 20_000,
    },
  );
}

/**
 * The game to its end, by keyboard: at each of this seat's moves the words are checked, and once per
 * phase (and after each racing phase) axe too; once at a phone's width.
 */
async function playToTheEnd(page: Page, names: string[]) {
  const checked = new Set<string>();
  const howls = new Set<string>();
  let moves = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const now = await state(page);
    if (now.over) break;
    if (!now.mine) {
      await page.waitForTimeout(100);
      continue;
    }
    const phase = `${now.phase} after racing phase ${now.raced || "none"}`;
    await checkPage(page, `${phase}, move ${moves}`, names, !checked.has(phase));
    if (!checked.has(phase)) await inOtherLanguages(page, phase, names);
    if (checked.size === 1) await checkNarrow(page, phase);
    checked.add(phase);
    const seen = await hand(page);
    for (const [i, n] of seen.names.entries()) if (/Κραυγή/.test(n) && seen.howl[i]) howls.add(n);
    if (now.phase === "turbo_move") await movePawn(page);
    else await move(page, now.phase, moves % 4 === 2);
    moves++;
  }
  await page.getByTestId("result").waitFor();
  return { phases: [...checked], howls: howls.size, moves };
}

/** At a phone's width the board fits (its tables scroll sideways), and axe still finds nothing. */
async function checkNarrow(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await assertFitsNarrow(page, `${where}, phone`, ['[data-testid="events"]', ".commands"]);
  await assertAccessible(page, `${where}, phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function greekPerson() {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "el-GR",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

test("a whole game against two bots by keyboard alone, in Greek, every phase readable and named", async () => {
  const { context, page, errors } = await greekPerson();
  const names = await createByKeyboard(page, false);
  assert.equal(names.length, 3, "me and two bots");
  await checkPage(page, "the table at the start", names, true);
  const { phases, howls, moves } = await playToTheEnd(page, names);
  assert.ok(moves >= 5, `a whole game: ${moves} moves of this seat`);
  assert.ok(
    phases.some((p) => p.startsWith("second_bet")) && phases.some((p) => p.startsWith("play")),
    `the second bet and the play were both checked: ${phases.join("; ")}`,
  );
  await page.screenshot({ path: artifact("hare-and-tortoise-keyboard-end.png"), fullPage: true });
  await checkPage(page, "the end", names, true);
  await inOtherLanguages(page, "the end", names);
  await explainsTheEnd(page, names, 2);
  console.log(
    `standard: ${moves} moves, ${phases.length} phases checked, ${howls} Howl cards held (marked)`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("Turbo by keyboard alone, in Greek: the pawns are picked with Tab, the arrows and Enter", async () => {
  const { context, page, errors } = await greekPerson();
  const names = await createByKeyboard(page, true);
  const { phases, moves } = await playToTheEnd(page, names);
  assert.ok(
    phases.some((p) => p.startsWith("turbo_move")),
    `a pawn was moved by keyboard: ${phases.join("; ")}`,
  );
  await page.screenshot({ path: artifact("hare-and-tortoise-keyboard-turbo.png"), fullPage: true });
  await checkPage(page, "the end of a Turbo race", names, true);
  await explainsTheEnd(page, names, 1);
  console.log(`turbo: ${moves} moves, ${phases.length} phases checked`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The end: each player's bets revealed with their points, adding up to the score in the result table. */
async function explainsTheEnd(page: Page, names: string[], bets: number): Promise<void> {
  const told = await page
    .locator('[data-testid="events"] li[data-type="GameFinished"]')
    .textContent();
  assert.match(told ?? "", /Η παρτίδα τελείωσε: (κερδίζεις εσύ|κερδίζ)/);
  const rows = await page.locator('[data-testid="ht-results"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector("th")?.textContent ?? "",
      bets: tr.querySelector("td")?.textContent ?? "",
      score: Number(tr.querySelector('[data-testid="ht-race-score"]')?.textContent),
    })),
  );
  assert.equal(rows.length, names.length, "a row per player");
  const result = await page.locator('[data-testid="result"] tbody tr').allTextContents();
  for (const row of rows) {
    const shown = row.bets.split(" + ");
    assert.equal(shown.length, bets, `${row.name}: every bet revealed (${row.bets})`);
    const points = shown.map((b) => Number(/: (\d+)$/.exec(b)?.[1]));
    assert.ok(points.every(Number.isFinite), `${row.name}: each bet with its points (${row.bets})`);
    assert.equal(
      points.reduce((a, b) => a + b, 0),
      row.score,
      `${row.name}: the bets add up to the score`,
    );
    const line = result.find((r) => r.includes(row.name)) ?? "";
    assert.match(line, new RegExp(`${row.score}$`), `${row.name}: the result table agrees`);
  }
}
