// What both Grasshopper & Ant browser tests check of a page in another language: the English catalog's
// messages (app and the game's namespace) nowhere in what is shown or named, and no internal id.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertNoInternalIds, englishLeaks, englishMessages, visibleText } from "./checks.ts";

const ENGLISH = englishMessages(["app", "grasshopper-and-ant"]);
const ALLOWED = ["PlayLedger", "Enter", "Esc"]; // the brand and the keys' names, as on a keyboard

/**
 * The page in the language it shows now: no English message of the catalog (names aside), and in Greek
 * no Latin word at all; no id shown or read out. Polish and Czech are written in Latin letters, so only the
 * catalog's English messages count there.
 */
export async function assertInLanguage(page: Page, where: string, names: string[]): Promise<void> {
  const lang = await page.evaluate(() => document.documentElement.lang);
  assert.notEqual(lang, "en", `${where}: not an English page`);
  // Not the live regions: what they announced before the language changed was read out then.
  const skip = [".language", ".game-type:not(.chosen)", "[aria-live]"];
  const text = await visibleText(page, "body", skip, true);
  const leaks = englishLeaks(text, ENGLISH, [...ALLOWED, ...names]).filter(
    (l) => lang === "el" || l.startsWith("English"),
  );
  assert.deepEqual(leaks, [], `${where} (${lang}): English`);
  await assertNoInternalIds(page, `${where} (${lang})`);
}
