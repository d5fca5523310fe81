// The keyboard tests' hands: where the focus is, Tab (or Shift+Tab) until it reaches an element, and
// whether the focus can be seen (an outline, a box shadow, or an SVG element's own drawn focus ring).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

/** Whether the focused element matches a selector. */
export function focused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
}

/** Tab (`back`: Shift+Tab) until the focus is on `selector`; fails, saying where the focus is, after `max`. */
export async function tabTo(
  page: Page,
  selector: string,
  { back = false, max = 150 }: { back?: boolean; max?: number } = {},
): Promise<void> {
  const key = back ? "Shift+Tab" : "Tab";
  for (let i = 0; i < max; i++) {
    if (await focused(page, selector)) return;
    await page.keyboard.press(key);
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  assert.fail(`${selector} not reached in ${max} presses of ${key}; the focus is on ${at}`);
}

/** The focused element shows it has the focus (WCAG 2.4.7). */
export async function assertFocusShown(page: Page, where: string): Promise<void> {
  const shown = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el?.matches(":focus-visible")) return "not :focus-visible";
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
    const ring = el.querySelector(".focus-ring");
    const drawn = ring !== null && getComputedStyle(ring).stroke !== "none";
    return outline || drawn || style.boxShadow !== "none" ? "" : `no outline on ${el.tagName}`;
  });
  assert.equal(shown, "", `${where}: the focus is visible`);
}
