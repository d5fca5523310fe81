// A person plays Baba Yaga's turn-based race (Mode T) against server bots by keyboard alone (Tab, the
// arrow keys, Enter, Escape, typing a number: no click), with the page in Greek (the rulebook's
// language): from the lobby through placing the witch, revealing spells, searching the forest (turning
// tiles over and back, with a memory of what was seen) and the effects' choices, to the end. The first
// time each phase is reached (the lobby and the end too) the page is also read in Polish and Czech, set
// with the language menu. In every phase it reaches the page shows no English message of the catalog and
// no internal id,
// axe finds nothing serious and the page is at most 2,250 px tall; the focus is always visible; at the
// end the result is explained, and at a phone's width nothing overflows.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import {
  assertEndExplained,
  type ByState,
  byState,
  checkPhase,
  moved,
  pageHeight,
} from "./support/baba-yaga.ts";
import { artifact, launch, startServer } from "./support/browser.ts";
import {
  assertAccessible,
  assertFitsNarrow,
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

const ENGLISH = englishMessages(["app", "baba-yaga"]);
const KEYS = ["PlayLedger", "Tab", "Enter", "Esc"]; // the brand and the keys' names, as on a keyboard
/** The Greek rulebook keeps two effect names in English (glossary/el/baba-yaga.json). */
const RULEBOOK: Record<string, string[]> = { el: ["Blinding light!", "Tiny!"], pl: [], cs: [] };
const MAX_STEPS = 2000; // waits of 100 ms and moves of this seat
const MAX_MS = 150_000; // a whole game takes 40-90 s on a quiet machine

type Language = "el" | "pl" | "cs";

/** `spoken`: also read the live region (not after a language switch: it holds what was said before it). */
async function noEnglish(
  page: Page,
  where: string,
  names: string[],
  lang: Language,
  spoken = true,
) {
  const skip = [".language", ".game-type:not(.chosen)", ...(spoken ? [] : ["[aria-live]"])];
  const text = await visibleText(page, "body", skip);
  const allowed = [...KEYS, ...(RULEBOOK[lang] ?? []), ...names];
  // Polish and Czech are written in Latin letters: there only the English catalog's messages count.
  const leaks = englishLeaks(text, ENGLISH, allowed).filter(
    (leak) => lang === "el" || leak.startsWith("English"),
  );
  assert.deepEqual(leaks, [], `${where}: English`);
}

/** The same page in Polish and Czech (set with the language menu), then in `back` again. */
async function inOtherLanguages(page: Page, where: string, names: string[], back: Language) {
  for (const lang of [...(["el", "pl", "cs"] as const).filter((l) => l !== back), back]) {
    await page.getByTestId("language").selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    if (lang === back) continue;
    await noEnglish(page, `${where} (${lang})`, names, lang, false);
    await checkPhase(page, `${where} (${lang})`, false);
  }
}

/** Into the forest (its one Tab stop), then the arrow keys to `cell` ("r,c"). */
async function toCell(page: Page, cell: string): Promise<void> {
  await tabTo(page, ".by-forest .by-cell");
  const [tr, tc] = cell.split(",").map(Number) as [number, number];
  for (let i = 0; i < 16; i++) {
    const at = await page.evaluate(() => document.activeElement?.getAttribute("data-cell") ?? "");
    if (at === cell) return assertFocusShown(page, `forest cell ${cell}`);
    const [r, c] = at.split(",").map(Number) as [number, number];
    await page.keyboard.press(
      tr > r ? "ArrowDown" : tr < r ? "ArrowUp" : tc > c ? "ArrowRight" : "ArrowLeft",
    );
  }
  assert.fail(`forest cell ${cell} not reached by the arrow keys`);
}

async function press(page: Page, key: string, before: string): Promise<void> {
  await page.keyboard.press(key);
  await moved(page, before);
}

async function button(page: Page, action: string, before: string): Promise<void> {
  await tabTo(page, `.by-action[data-action="${action}"]`);
  await assertFocusShown(page, `the ${action} button`);
  await press(page, "Enter", before);
}

/** A swap by keyboard: Enter on one tile, Escape drops it, again, then Enter on its neighbour. */
async function swap(page: Page, s: ByState): Promise<void> {
  const first = s.moves[0]?.cell ?? "0,0";
  await toCell(page, first);
  await page.keyboard.press("Enter");
  assert.equal(await page.locator(".by-cell.selected").count(), 1, "Enter chose a first tile");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator(".by-cell.selected").count(), 0, "Escape dropped it");
  await page.keyboard.press("Enter");
  const second = s.moves.find((m) => m.cell !== first)?.cell ?? "";
  await toCell(page, second);
  await press(page, "Enter", s.version);
}

interface Memory {
  seen: Map<string, string>; // cell -> the ingredient seen face up there
  counts: Record<string, number>;
}

/** Which tile to turn over: one remembered as wanted, else one never seen, else any. */
function pickTile(s: ByState, memory: Memory): string | undefined {
  const ups = s.moves.filter((m) => m.move === "flip_up").map((m) => m.cell);
  const known = ups.find((c) => s.wanted.includes(memory.seen.get(c) ?? ""));
  const fresh = ups.filter((c) => !memory.seen.has(c));
  return known ?? fresh[Math.floor(Math.random() * fresh.length)] ?? ups[0];
}

/** One move of this seat, by keyboard, as a person who remembers what was turned over would make it. */
async function act(page: Page, s: ByState, memory: Memory): Promise<string> {
  for (const t of s.faceUp) memory.seen.set(t.cell, t.name);
  const has = (move: string) => s.moves.find((m) => m.move === move);
  if (s.actions.includes("reveal_spell")) await button(page, "reveal_spell", s.version);
  else if (has("place_witch")) {
    await toCell(page, has("place_witch")?.cell ?? "");
    await press(page, "Enter", s.version);
    return "place_witch";
  } else if (has("swap_tiles")) {
    await swap(page, s);
    return "swap_tiles";
  } else if (s.actions.some((a) => a.startsWith("choose_"))) {
    const action = s.actions.find((a) => a.startsWith("choose_")) ?? "";
    await button(page, action, s.version);
    return action;
  } else if (s.blocked && s.actions.includes("replace_house"))
    await button(page, "replace_house", s.version);
  else if (s.blocked) {
    await toCell(page, s.moves.find((m) => m.move === "flip_down" && m.wrong)?.cell ?? "");
    await press(page, "Enter", s.version);
    return "flip_down";
  } else return search(page, s, memory);
  return s.actions.find((a) => a === "reveal_spell" || a === "replace_house") ?? "";
}

async function search(page: Page, s: ByState, memory: Memory): Promise<string> {
  const tile = pickTile(s, memory);
  const other = s.moves.find((m) => m.move !== "flip_down")?.cell;
  if (s.found >= s.needed && s.actions.includes("end_search")) {
    await button(page, "end_search", s.version);
    return "end_search";
  }
  const cell = tile ?? other;
  if (cell === undefined) {
    await button(page, s.actions[0] ?? "end_search", s.version);
    return s.actions[0] ?? "";
  }
  await toCell(page, cell);
  await press(page, "Enter", s.version);
  return s.moves.find((m) => m.cell === cell)?.move ?? "";
}

/** The lobby by keyboard: Baba Yaga, the turn-based race, the number of players, a turn limit. */
async function createByKeyboard(page: Page, lang: Language, players: number, turns: number) {
  await page.goto(`${server.webUrl}/`);
  await page.waitForSelector('input[name="game-type"]:checked');
  assert.equal(await page.getAttribute("html", "lang"), lang, "the browser's language is chosen");
  await tabTo(page, 'input[name="game-type"]:checked');
  for (let i = 0; i < 8 && !(await focused(page, 'input[value="baba-yaga"]')); i++)
    await page.keyboard.press("ArrowDown");
  assert.ok(await page.isChecked('input[value="baba-yaga"]'), "Baba Yaga chosen by the arrows");
  await tabTo(page, "fieldset:has(ol.seats) > label > select");
  for (let i = 0; i < 4; i++) {
    const n = Number(await page.locator("fieldset:has(ol.seats) > label > select").inputValue());
    if (n === players) break;
    await page.keyboard.press(n > players ? "ArrowUp" : "ArrowDown");
  }
  await tabTo(page, "#option-mode");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.locator("#option-mode").inputValue(), "T", "the turn-based race");
  await tabTo(page, "details.more-options > summary");
  await page.keyboard.press("Enter");
  await tabTo(page, "#option-max_turns");
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(String(turns));
  const names = await page
    .locator(".seats li input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await noEnglish(page, "the lobby", names, lang);
  await inOtherLanguages(page, "the lobby", names, lang);
  await tabTo(page, "form.create button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".invites a.button");
  await tabTo(page, ".invites a.button");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".by-board");
  return names;
}

/** The game to its end by keyboard; each phase of this seat's checked once in full, words at each move. */
async function playToTheEnd(page: Page, lang: Language, names: string[]) {
  const memory: Memory = { seen: new Map(), counts: {} };
  const heights: Record<string, number> = {};
  let narrow = false;
  const until = Date.now() + MAX_MS;
  let s = await byState(page);
  for (let step = 0; step < MAX_STEPS && Date.now() < until; step++) {
    s = await byState(page);
    if (s.over) break;
    if (!s.mine || (s.moves.length === 0 && s.actions.length === 0)) {
      await page.waitForTimeout(100);
      continue;
    }
    await noEnglish(page, `${lang} ${s.phase}`, names, lang);
    const first = !(s.phase in heights);
    await checkPhase(page, `${lang} ${s.phase}`, first);
    if (first) {
      await inOtherLanguages(page, `${lang} ${s.phase}`, names, lang);
      heights[s.phase] = await pageHeight(page);
      await page.screenshot({ path: artifact(`baba-yaga-${lang}-${s.phase}.png`), fullPage: true });
    }
    if (!narrow && s.phase === "race") {
      await checkNarrow(page, `${lang} race`);
      narrow = true;
    }
    const done = await act(page, s, memory);
    memory.counts[done] = (memory.counts[done] ?? 0) + 1;
  }
  const where = `phase ${s.phase}, mine ${s.mine}, moves ${JSON.stringify(s.moves.slice(0, 3))}, actions ${s.actions}`;
  await page
    .getByTestId("result")
    .waitFor({ timeout: 30_000 })
    .catch(() => assert.fail(`the game did not end: ${where}, ${JSON.stringify(memory.counts)}`));
  return { heights, counts: memory.counts };
}

async function checkNarrow(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await assertFitsNarrow(page, `${where}, phone`, ['[data-testid="events"]', ".commands"]);
  await assertAccessible(page, `${where}, phone`);
  await page.screenshot({ path: artifact(`baba-yaga-${where.replace(" ", "-")}-phone.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function playIn(lang: Language, locale: string, players: number, turns: number) {
  const started = Date.now();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const names = await createByKeyboard(page, lang, players, turns);
  const { heights, counts } = await playToTheEnd(page, lang, names);
  await noEnglish(page, `${lang} the end`, names, lang);
  await checkPhase(page, `${lang} the end`, true);
  await inOtherLanguages(page, `${lang} the end`, names, lang);
  heights.end = await pageHeight(page);
  const said = await assertEndExplained(page, players);
  await page.screenshot({ path: artifact(`baba-yaga-${lang}-end.png`), fullPage: true });
  await checkNarrow(page, `${lang} end`);
  assert.ok((counts.flip_up ?? 0) >= 3, `tiles turned over by keyboard: ${JSON.stringify(counts)}`);
  assert.ok(heights.race !== undefined, `the race was reached: ${Object.keys(heights).join(", ")}`);
  console.log(
    `${lang}: moves ${JSON.stringify(counts)}; heights ${JSON.stringify(heights)}; ` +
      `end: ${said.join("; ")}; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  assert.deepEqual(errors, []);
  await context.close();
}

test("Greek: a whole turn-based game against two bots by keyboard alone, each phase read in Polish and Czech", async () => {
  await playIn("el", "el-GR", 3, 9);
});

/** Mode R in Greek: whatever this seat may do now, by keyboard; a refused move (too soon) is no failure. */
async function realTimeMove(page: Page, s: ByState, memory: Memory): Promise<string> {
  if (s.actions.includes("step_witch")) {
    await tabTo(page, '.by-action[data-action="step_witch"]');
    await page.keyboard.press("Enter");
    await moved(page, s.version, 3000).catch(() => undefined);
    return "step_witch";
  }
  return act(page, s, memory).catch(() => "refused");
}

test("Greek, in real time: the person flies the witch and searches by keyboard alone", async () => {
  const started = Date.now();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "el-GR",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.webUrl}/`);
  await page.waitForSelector('input[name="game-type"]:checked');
  await tabTo(page, 'input[name="game-type"]:checked');
  for (let i = 0; i < 8 && !(await focused(page, 'input[value="baba-yaga"]')); i++)
    await page.keyboard.press("ArrowDown");
  await tabTo(page, "form.create button[type=submit]");
  await page.keyboard.press("Enter");
  await tabTo(page, ".invites a.button");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".by-board");
  const memory: Memory = { seen: new Map(), counts: {} };
  const checked = new Set<string>();
  const enough = () => (memory.counts.step_witch ?? 0) >= 2 && (memory.counts.flip_up ?? 0) >= 2;
  for (let step = 0; step < 400 && Date.now() - started < 75_000 && !enough(); step++) {
    const s = await byState(page);
    if (s.over) break;
    if (!s.mine || (s.moves.length === 0 && s.actions.length === 0)) {
      await page.waitForTimeout(80);
      continue;
    }
    if (!checked.has(s.phase)) {
      checked.add(s.phase);
      await checkPhase(page, `real time, ${s.phase}`, true);
    }
    const done = await realTimeMove(page, s, memory);
    memory.counts[done] = (memory.counts[done] ?? 0) + 1;
  }
  await page.screenshot({ path: artifact("baba-yaga-el-realtime.png"), fullPage: true });
  const said = await page.getByTestId("events").locator("li").allTextContents();
  const mine = (re: RegExp) => said.filter((line) => re.test(line)).length;
  console.log(
    `real time: ${JSON.stringify(memory.counts)}, phases ${[...checked].join(", ")}; ` +
      `${Math.round((Date.now() - started) / 1000)} s`,
  );
  assert.ok(mine(/Κίνησες τη μάγισσα/) >= 1, "the person moved the witch by keyboard");
  assert.ok(mine(/Άνοιξες το [A-E]\d/) >= 1, "the person turned a tile over by keyboard");
  assert.deepEqual(errors, []);
  await context.close();
});
