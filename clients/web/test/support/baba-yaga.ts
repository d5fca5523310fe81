// What the Baba Yaga browser tests share: reading the page (what the seat may do, the spell card, the
// forest), the checks of every phase (ids, axe, the page's height), and that the end explains the result.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { assertAccessible, assertNoInternalIds, assertShortPage } from "./checks.ts";

/** Where the game is for this page, from the drawn page alone. */
export function byState(page: Page) {
  return page.evaluate(() => {
    const cells = [...document.querySelectorAll<SVGGElement>(".by-forest .by-cell[data-move]")];
    const buttons = [...document.querySelectorAll<HTMLButtonElement>(".by-action:not([disabled])")];
    return {
      over: document.querySelector('[data-testid="result"]') !== null,
      mine: document.querySelector('[data-testid="turn"]')?.classList.contains("yours") ?? false,
      phase: document.querySelector(".by-board")?.getAttribute("data-phase") ?? "",
      version: document.querySelector("h1 .muted")?.textContent ?? "",
      blocked: document.querySelector('[data-testid="race"] [data-blocked]') !== null,
      needed: Number(document.querySelector('[data-testid="needed"]')?.getAttribute("data-needed")),
      found: document.querySelectorAll(".by-card li.found").length,
      wanted: [...document.querySelectorAll(".by-card li")].map((li) =>
        (li.childNodes[1]?.textContent ?? "").trim(),
      ),
      moves: cells.map((g) => ({
        cell: g.getAttribute("data-cell") ?? "",
        move: g.getAttribute("data-move") ?? "",
        wrong: g.querySelector(".by-tile.wrong") !== null,
      })),
      actions: buttons.map((b) => b.getAttribute("data-action") ?? ""),
      faceUp: [...document.querySelectorAll(".by-forest .by-cell")]
        .filter((g) => g.querySelector(".by-tile.right, .by-tile.wrong") !== null)
        .map((g) => ({
          cell: g.getAttribute("data-cell") ?? "",
          name: [...g.querySelectorAll("text.by-name")].map((t) => t.textContent).join(" "),
        })),
    };
  });
}

export type ByState = Awaited<ReturnType<typeof byState>>;

/** Waits for the game's version to move on from `before` (a move recorded, by us or a bot). */
export async function moved(page: Page, before: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    { timeout },
  );
}

/** The checks of a phase: no internal id; and when asked, axe's serious/critical and the page's height. */
export async function checkPhase(page: Page, where: string, full: boolean): Promise<void> {
  await assertNoInternalIds(page, where);
  if (!full) return;
  await assertAccessible(page, where);
  await assertShortPage(page, where);
}

/** The page's height at 1280 wide, for the report. */
export function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

/**
 * The end explains the result (in any language): every player's spells cast, each worth the 1 the score
 * counts, add up to the result table's score; places agree; the stacks are revealed (3 cards per player
 * between spells cast and stack); every Forest tile shows its ingredient; a tie rule (or none) is said.
 */
export async function assertEndExplained(page: Page, players: number): Promise<string[]> {
  const rows = await page.locator('[data-testid="by-results"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector("th")?.textContent ?? "",
      place: tr.querySelector('[data-testid="by-place"]')?.textContent ?? "",
      points: [...tr.querySelectorAll(".by-spell")].map((s) =>
        Number(/(\d+)\s*$/.exec(s.textContent ?? "")?.[1]),
      ),
      score: Number(tr.querySelector('[data-testid="by-score"]')?.textContent),
      stack: Number(tr.querySelector('[data-testid="by-stack"]')?.getAttribute("data-count")),
    })),
  );
  assert.equal(rows.length, players, "a row per player");
  const table = await page
    .locator('[data-testid="result"] tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
  const said: string[] = [];
  for (const row of rows) {
    const sum = row.points.reduce((a, b) => a + b, 0);
    assert.equal(sum, row.score, `${row.name}: the spells add up to the score`);
    assert.equal(row.points.length + row.stack, 3, `${row.name}: 3 cards, cast or revealed`);
    const line = table.find((cells) => (cells[1] ?? "").includes(row.name));
    assert.ok(line, `${row.name} is in the result table`);
    assert.equal(Number(line?.[2]), row.score, `${row.name}: the result table's score agrees`);
    assert.equal(line?.[0], row.place, `${row.name}: the result table's place agrees`);
    said.push(`${row.name}: place ${row.place}, ${row.score} (${row.stack} in the stack)`);
  }
  const tiles = await page.evaluate(() => ({
    hidden: document.querySelectorAll(".by-forest .by-tile.down, .by-forest .by-tile.house").length,
    all: document.querySelectorAll(".by-forest .by-tile").length,
  }));
  assert.deepEqual(tiles, { hidden: 0, all: 16 }, "every Forest tile shows its ingredient");
  const tie = (await page.getByTestId("by-tie").textContent()) ?? "";
  assert.ok(tie.trim().length > 0, "the tie rule (or that none was needed) is said");
  said.push(tie.trim());
  return said;
}
