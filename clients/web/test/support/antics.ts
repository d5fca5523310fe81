// What the Antics! browser tests share: a game against the server's bots made in the lobby (the
// two-player variant, a random bot that moves at once), where the board stands, and the checks of a
// phase: no English of the catalog in Greek, Polish or Czech, no internal id, axe, the page's height.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, englishLeaks, englishMessages, forbiddenIn } from "./checks.ts";

export const ENGLISH = englishMessages(["app", "antics"]);
/** Names, not words: the brand, the game's title and its magnificANT (kept by the Greek and Polish
 * glossaries), the keys' names. */
const ALLOWED = ["PlayLedger", "Antics!", "magnificANT", "Enter", "Esc"];
export const MAX_HEIGHT = 2250; // px at 1280×900

/** In the lobby: Antics! for two (the variant), a random bot moving at once; then the table. */
export async function createGame(page: Page, url: string): Promise<string[]> {
  await page.goto(`${url}/`);
  await page.locator('input[name="game-type"][value="antics"]').check();
  await page.locator("fieldset:has(.seats) > label > select").selectOption("2");
  await page.locator("#option-two_player_variant").check();
  await page.locator(".seats li").nth(1).locator("select").nth(1).selectOption("random");
  await page.locator(".table-fields input[type=checkbox]").nth(1).check();
  const names = await page
    .locator(".seats li input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await page.locator("form.create button[type=submit]").click();
  await page.locator(".invites a.button").click();
  await page.waitForSelector(".an-board");
  return names;
}

/** Where the board stands for this page, and what on it may be pressed. */
export function boardState(page: Page) {
  return page.evaluate(() => {
    const board = document.querySelector(".an-board");
    return {
      over: document.querySelector('[data-testid="result"]') !== null,
      mine: document.querySelector('[data-testid="turn"]')?.classList.contains("yours") ?? false,
      phase: board?.getAttribute("data-phase") ?? "",
      action: board?.getAttribute("data-action") ?? "",
      version: document.querySelector("h1 .muted")?.textContent ?? "",
      choices: document.querySelectorAll(".an-choices button[data-command]").length,
      offered: [...document.querySelectorAll(".an-choices button[data-command]")].map(
        (b) => b.getAttribute("data-command") ?? "",
      ),
      ghosts: document.querySelectorAll(".an-me .an-ghost").length,
      chips: document.querySelectorAll(".an-me .an-chip:not([disabled])").length,
      chosen: document.querySelectorAll('.an-me .an-chip[aria-pressed="true"]').length,
      tiles: document.querySelectorAll(".an-display button.an-tile").length,
      hatcheries: document.querySelectorAll(".an-hatcheries button").length,
      places: document.querySelectorAll(".an-meadow .an-place").length,
      hexes: document.querySelectorAll(".an-me .an-hex").length,
      kinds: [...document.querySelectorAll(".an-me .an-hex")].map((h) =>
        h.getAttribute("data-kind"),
      ),
      passes: [...document.querySelectorAll('.an-choices button[data-command="pass_token"]')].map(
        (b) => b.getAttribute("data-args") ?? "",
      ),
      built:
        document.querySelectorAll('.an-me [role="img"][aria-label], .an-me .an-hex').length > 0,
      magnificant: document.querySelectorAll('.an-turnbar button[data-command="use_magnific_ant"]')
        .length,
      finish: document.querySelectorAll('.an-turnbar button[data-command="finish_action"]').length,
      end: document.querySelectorAll('.an-turnbar button[data-command="end_turn"]').length,
    };
  });
}
export type BoardState = Awaited<ReturnType<typeof boardState>>;

/** A name for the phase a page is in, for its checks and its screenshot. */
export function phaseOf(s: BoardState): string {
  if (s.over) return "end";
  if (!s.mine) return "waiting";
  if (s.choices > 0) return "choice";
  if (s.ghosts > 0) return "build-ghosts";
  return s.action ? `action-${s.action.toLowerCase()}` : s.phase;
}

/**
 * What may change after a press: the version, a choice asked, a build step, the end. With `before`:
 * whether it changed since (one self-contained function: the page runs it as it is).
 */
function pageSignature(before: string | null): string | boolean {
  const ghosts = [...document.querySelectorAll(".an-me .an-ghost")].map(
    (g) => `${g.getAttribute("data-ghost")}:${g.getAttribute("aria-label")}`,
  );
  const now = [
    document.querySelector("h1 .muted")?.textContent ?? "",
    document.querySelectorAll(".an-choices button").length,
    ghosts.join(),
    document.querySelector('.an-me .an-chip[aria-pressed="true"]')?.textContent ?? "",
    document.querySelector('[data-testid="result"]') ? "over" : "",
  ].join("|");
  return before === null ? now : now !== before;
}

export async function signature(page: Page): Promise<string> {
  return String(await page.evaluate(pageSignature, null));
}

export async function changed(page: Page, before: string): Promise<void> {
  await page.waitForFunction(pageSignature, before, { timeout: 15_000 });
}

/**
 * What a person reads on the page and a screen reader says: visible text (not the language menu, nor the
 * other games' titles in the lobby, nor the live regions) and the aria-labels of visible elements. Self-contained for the page.
 */
export function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    // The live regions keep what was said before, in the language of the time: not read here.
    const skip = "script, style, code, kbd, samp, .language, .game-type:not(.chosen), [aria-live]";
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (parent && !parent.closest(skip) && parent.checkVisibility())
        out.push(n.textContent ?? "");
    }
    for (const el of document.body.querySelectorAll("[aria-label]"))
      if (!el.closest(skip) && el.checkVisibility()) out.push(el.getAttribute("aria-label") ?? "");
    return out.join(" ");
  });
}

/** The English catalog's words in the page (in Greek, any Latin word too), names aside. */
export async function englishOn(page: Page, language: string, names: string[]) {
  const leaks = englishLeaks(await readable(page), ENGLISH, [...ALLOWED, ...names]);
  return language === "el" ? leaks : leaks.filter((l) => l.startsWith("English"));
}

export async function setLanguage(page: Page, language: string): Promise<void> {
  await page.getByTestId("language").selectOption(language);
  await page.waitForSelector(`html[lang="${language}"]`);
  await page.waitForTimeout(50); // the catalog applied to every part of the page
}

/** A phase's checks: each language without English, no internal id; axe; the page's height. */
export async function checkPhase(
  page: Page,
  where: string,
  names: string[],
  languages: string[],
  axe = true,
): Promise<number> {
  const start = await page.evaluate(() => document.documentElement.lang);
  for (const language of languages) {
    if (language !== (await page.evaluate(() => document.documentElement.lang)))
      await setLanguage(page, language);
    assert.deepEqual(await englishOn(page, language, names), [], `${where} (${language}): English`);
    const ids = forbiddenIn(await readable(page));
    assert.deepEqual(ids, [], `${where} (${language}) shows what a player should not read`);
  }
  if (start !== (await page.evaluate(() => document.documentElement.lang)))
    await setLanguage(page, start);
  if (axe) await assertAccessible(page, where);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (page.viewportSize()?.width === 1280)
    assert.ok(height <= MAX_HEIGHT, `${where}: the page is ${height}px tall`);
  return height;
}

/** At a phone's width nothing goes sideways off the screen. */
export async function assertNoSideways(page: Page, where: string): Promise<void> {
  const wide = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(wide.scroll <= wide.client + 1, `${where}: ${wide.scroll}px wide in ${wide.client}px`);
}
