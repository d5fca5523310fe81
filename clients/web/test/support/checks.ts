// Checks every page of the web app must pass: no internal id, rule number or "ASSUMED" in what a player
// reads; no serious or critical accessibility violation (axe-core, injected into the page); a page no
// taller than 2.5 viewports at 1280×900, and nothing sideways or broken mid-word at a phone's 390×844.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { Page } from "playwright-core";

/** What a player must never read: the machine's ids and the rulebook's numbers. */
export const FORBIDDEN: [string, RegExp][] = [
  // R-FOX-15, B-LAMB, TC-09, HT-V2.4, GA-70a; "Stone ST-06" too, and with any dash (ST‑06, ST–06)
  ["an internal id", /\b[A-Z]{1,4}[-‐‑‒–][A-Z0-9]+(?:[-‐‑‒–.][A-Z0-9]+)*[a-z]?\b/g],
  ["an internal id", /\b[A-Z]{1,2}\d{2,}\b/g], // T05, S09, I01
  ["an internal id", /\b[A-Z]{1,3}_[A-Z]{1,5}\b/g], // TL_C, FA_L
  ["an internal name", /\b[a-z]+_[a-z_]+\b/g], // tie_policy, choose_second_bet
  ["a rule number", /§\s?\d+/g], // (§11.3)
  ["ASSUMED", /\bASSUMED\b/g],
];

/** The ids, rule numbers and the like in a text, each with what it is. */
export function forbiddenIn(text: string): string[] {
  return FORBIDDEN.flatMap(([what, pattern]) =>
    [...text.matchAll(pattern)].map((m) => `${what}: "${m[0]}"`),
  );
}

/**
 * The text a person sees in the page (or in the elements `within` selects): visible text nodes, not inside
 * <code>, <kbd>, <samp> (commands to copy, hashes) nor inside what `skip` selects. With `names`, also what a
 * screen reader reads out instead of or beside the text: aria-label, aria-valuetext and alt of visible
 * elements (a tooltip, title, is not read as the element's name and stays out).
 */
export async function visibleText(
  page: Page,
  within = "body",
  skip: string[] = [],
  names = false,
): Promise<string> {
  return page.evaluate(
    ({ within, skip, names }) => {
      const out: string[] = [];
      const excluded = ["code", "kbd", "samp", "script", "style", ...skip].join(",");
      const shown = { visibilityProperty: true } as CheckVisibilityOptions;
      for (const root of document.querySelectorAll(within)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
          const parent = n.parentElement;
          if (!parent || parent.closest(excluded) || !parent.checkVisibility(shown)) continue;
          out.push(n.textContent ?? "");
        }
        if (!names) continue;
        for (const el of root.querySelectorAll("[aria-label], [aria-valuetext], img[alt]")) {
          if (el.closest(excluded) || !el.checkVisibility(shown)) continue;
          for (const a of ["aria-label", "aria-valuetext", "alt"])
            if (el.hasAttribute(a)) out.push(el.getAttribute(a) ?? "");
        }
      }
      return out.join(" ");
    },
    { within, skip, names },
  );
}

/** Fails on an internal id, a rule number or "ASSUMED" in what the page shows or names (aria-label, alt). */
export async function assertNoInternalIds(
  page: Page,
  where: string,
  options: { within?: string; skip?: string[] } = {},
): Promise<void> {
  // The accessible names too: an id read out by a screen reader is as much a leak as one on screen.
  const text = await visibleText(page, options.within, options.skip, true);
  assert.ok(text.trim().length > 0, `${where}: the page shows some text`);
  assert.deepEqual(forbiddenIn(text), [], `${where} shows what a player should not read`);
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Fails on any serious or critical WCAG 2.2 AA violation axe-core finds (outside `exclude`). */
export async function assertAccessible(
  page: Page,
  where: string,
  exclude: string[] = [],
): Promise<void> {
  // Evaluated, not added as a <script>: the page's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const violations = (await page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const context = exclude.length
      ? { include: [["html"]], exclude: exclude.map((e) => [e]) }
      : document;
    const result = (await axe.run(context, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      resultTypes: ["violations"],
    })) as { violations: AxeViolation[] };
    return result.violations;
  }, exclude)) as AxeViolation[];
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(" ")}`,
    );
  assert.deepEqual(bad, [], `${where}: accessibility`);
}

/** At 1280×900: the page is at most 2.5 viewports tall. */
export async function assertShortPage(page: Page, where: string): Promise<void> {
  const { height, viewport } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    viewport: window.innerHeight,
  }));
  assert.ok(height <= 2.5 * viewport, `${where}: ${height}px tall, over 2.5 × ${viewport}px`);
}

/** At a phone's width: nothing wider than the screen, and no word broken across two lines. */
export async function assertFitsNarrow(
  page: Page,
  where: string,
  skip: string[] = [],
): Promise<void> {
  const found = await page.evaluate((skip) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide in ${width}px`);
    const excluded = ["script", "style", "option", ...skip].join(",");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest(excluded) || !parent.checkVisibility()) continue;
      const text = n.textContent ?? "";
      for (const m of text.matchAll(/[^\s\-–—/·,]+/g)) {
        if (m[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(n, m.index ?? 0);
        range.setEnd(n, (m.index ?? 0) + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`"${m[0]}" is broken across lines`);
      }
    }
    for (const el of document.querySelectorAll("body *")) {
      if (el.closest(excluded)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== "fixed") {
        const scroller = el.parentElement?.closest(".table-wrap, [data-scrolls]");
        if (!scroller)
          problems.push(
            `${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)}px`,
          );
      }
    }
    return problems.slice(0, 20);
  }, skip);
  assert.deepEqual(found, [], `${where} at ${page.viewportSize()?.width}px`);
}

/** Opens the folded list of moves (if it is shown and closed) and gives its enabled move buttons. */
export async function moveButtons(page: Page) {
  const toggle = page.getByTestId("moves-toggle");
  if ((await toggle.count()) > 0 && (await toggle.getAttribute("aria-expanded")) === "false") {
    await toggle.click();
  }
  return page.locator(".commands button[data-command]:not([disabled])");
}

/**
 * The English catalog's words for some namespaces (catalog/en/<namespace>.json), as a reader would see
 * them: each message's literal text between its placeholders (every option of a plural or select walked),
 * each piece of at least two words. A page in another language shows none of them.
 */
export function englishMessages(namespaces: string[]): string[] {
  const dir = new URL("../../src/i18n/catalog/en/", import.meta.url);
  const pieces = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    let piece = "";
    const cut = () => {
      const words = piece.replace(/\s+/g, " ").trim();
      if ((words.match(/\p{L}+/gu) ?? []).length >= 2) pieces.add(words);
      piece = "";
    };
    for (const e of elements) {
      if (e.type === TYPE.literal) piece += e.value;
      else {
        cut();
        if (e.type === TYPE.plural || e.type === TYPE.select)
          for (const option of Object.values(e.options)) walk(option.value);
        else if (e.type === TYPE.tag) walk(e.children);
      }
    }
    cut();
  };
  for (const ns of namespaces) {
    const messages = JSON.parse(readFileSync(new URL(`${ns}.json`, dir), "utf8")) as Record<
      string,
      string
    >;
    for (const message of Object.values(messages)) walk(parse(message));
  }
  return [...pieces];
}

/**
 * What of English a page in another language shows: the English catalog's pieces (englishMessages) found
 * in its text, and any word of three Latin letters or more but those allowed (people's and bots' names,
 * the brand, key names).
 */
export function englishLeaks(text: string, english: string[], allowed: string[] = []): string[] {
  let seen = ` ${text.replace(/\s+/g, " ")} `;
  for (const name of [...allowed].sort((a, b) => b.length - a.length))
    seen = seen.split(name).join(" ");
  const lower = seen.toLowerCase();
  const pieces = english.filter((piece) => lower.includes(piece.toLowerCase()));
  const words = [...new Set(seen.match(/\b[A-Za-z]{3,}\b/g) ?? [])];
  return [...pieces.map((p) => `English: "${p}"`), ...words.map((w) => `a Latin word: "${w}"`)];
}
