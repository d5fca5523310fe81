// One person plays several turns of Antics! against a server bot by keyboard alone (Tab, the arrow keys,
// Enter, Space, Escape: no click, from the lobby's form to the table), with the page in Greek. Each part of the board is one Tab
// stop crossed with the arrow keys; the focus is always visible; Escape cancels a choice a place asks
// without sending anything. In every phase reached the page shows no English and no internal id (Greek,
// then Polish and Czech too), and axe finds nothing serious.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import {
  type BoardState,
  boardState,
  changed,
  checkPhase,
  phaseOf,
  signature,
} from "./support/antics.ts";
import { artifact, launch, startServer } from "./support/browser.ts";
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

const MAX_STEPS = 600;
const ACTIONS = ["HATCH", "SCOUT", "BUILD", "ANTS", "DRAG"];
const TURNS = 3; // of this seat's, by keyboard
const PLAY_MS = 60_000;

/** The group (one Tab stop) to go to now and how many arrow presses along it; undefined: nothing. */
function target(s: BoardState, k: number): [string, number, string] | undefined {
  if (s.choices > 0) return [".an-choices button[data-command]", 0, "choice"];
  // a ghost in the middle: its neighbours are free, so the second half has more than one place
  if (s.ghosts > 0) return [".an-me .an-ghost", Math.floor(s.ghosts / 2), "ghost hex"];
  if (s.chips > 0 && s.chosen === 0) return [".an-me .an-chip:not([disabled])", 0, "supply tile"];
  if (s.phase === "feeding" || s.action) {
    if (s.tiles > 0) return [".an-display button.an-tile", k % s.tiles, "display tile"];
    if (s.places > 0) return [".an-meadow .an-place", 0, "meadow"];
    if (s.hatcheries > 0) return [".an-hatcheries button", k % s.hatcheries, "hatchery"];
    if (s.finish > 0) return ['.an-turnbar button[data-command="finish_action"]', 0, "finish"];
  }
  if (s.hexes > 0) return [".an-me .an-hex", k % s.hexes, "hex"];
  if (s.magnificant > 0) {
    const action = s.built ? (ACTIONS[k % ACTIONS.length] ?? "BUILD") : "BUILD";
    return [`.an-turnbar button[data-action="${action}"]`, 0, "magnificANT"];
  }
  return s.end > 0 ? ['.an-turnbar button[data-command="end_turn"]', 0, "end turn"] : undefined;
}

/** Into the group by Tab, along it by the Right arrow, and Enter (or Space, every other time). */
const photographed = new Set<string>(); // the focus on each kind of press, once

async function act(page: Page, [group, steps, kind]: [string, number, string], k: number) {
  const before = await signature(page);
  if (!(await focused(page, group))) await tabTo(page, group);
  for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowRight");
  assert.ok(await focused(page, group), `the arrows stay in ${group}`);
  await assertFocusShown(page, group);
  if (!photographed.has(kind)) {
    photographed.add(kind);
    await page.screenshot({
      path: artifact(`antics-keyboard-focus-${kind.replace(/\W+/g, "-")}.png`),
    });
  }
  await page.keyboard.press(k % 2 ? " " : "Enter");
  await changed(page, before);
}

/** Presses a key on a <select> until it shows `value` (at most `max` presses). */
async function selectByKeys(page: Page, selector: string, key: string, value: string, max = 6) {
  await tabTo(page, selector);
  for (let i = 0; i < max && (await page.locator(selector).inputValue()) !== value; i++)
    await page.keyboard.press(key);
  assert.equal(await page.locator(selector).inputValue(), value, `${selector} by keys`);
}

/** The lobby by keyboard: Antics! by the arrow keys, two players with the variant, a random bot that
 * moves at once, Create and the table's link by Enter. */
async function createByKeyboard(page: Page): Promise<string[]> {
  await page.goto(`${server.webUrl}/`);
  await page.waitForSelector('input[name="game-type"]');
  await tabTo(page, 'input[name="game-type"]');
  for (let i = 0; i < 10 && !(await focused(page, 'input[value="antics"]')); i++)
    await page.keyboard.press("ArrowDown");
  assert.ok(await focused(page, 'input[value="antics"]:checked'), "Antics! chosen by the arrows");
  await selectByKeys(page, "fieldset:has(.seats) > label > select", "ArrowUp", "2");
  await tabTo(page, "#option-two_player_variant");
  await page.keyboard.press("Space");
  await selectByKeys(page, ".seats li:nth-child(2) select:nth-of-type(2)", "ArrowUp", "random");
  await tabTo(page, ".table-fields label:nth-of-type(2) input[type=checkbox]");
  await page.keyboard.press("Space");
  const names = await page
    .locator(".seats li input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  await tabTo(page, "form.create button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".invites a.button");
  await tabTo(page, ".invites a.button");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".an-board");
  return names;
}

/** A build's second half asked: Escape goes back to the first, nothing is sent. */
async function cancelBuild(page: Page): Promise<void> {
  const before = await signature(page);
  await page.keyboard.press("Escape");
  await page.locator('.an-me .an-ghost[data-half="1"]').first().waitFor();
  assert.equal(await page.locator('.an-me .an-ghost[data-half="2"]').count(), 0);
  assert.equal((await signature(page)).split("|")[0], before.split("|")[0], "Escape sent nothing");
}

/** A place that asks a choice: Escape closes it, nothing is sent, the focus goes back to the place. */
async function cancelOnce(page: Page): Promise<void> {
  const before = await signature(page);
  assert.ok(await focused(page, ".an-choices button"), "the choice takes the focus");
  await page.keyboard.press("Escape");
  await page.locator(".an-choices").waitFor({ state: "detached" });
  assert.equal((await signature(page)).split("|")[0], before.split("|")[0], "Escape sent nothing");
  assert.ok(await focused(page, ".an-place, .an-hatcheries button"), "back on the place");
}

test("a person plays several turns of Antics! by keyboard alone, in Greek", async () => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "el-GR",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const names = await createByKeyboard(page);
  assert.equal(await page.getAttribute("html", "lang"), "el");
  const phases = new Set<string>();
  const pressed: Record<string, number> = {};
  let cancelled = false;
  const turns = () => pressed["end turn"] ?? 0; // this seat's turns, ended by keyboard
  const deadline = Date.now() + PLAY_MS;
  for (let k = 0; k < MAX_STEPS && turns() < TURNS && Date.now() < deadline; k++) {
    const s = await boardState(page);
    if (s.over) break;
    const phase = phaseOf(s);
    if (!phases.has(phase)) {
      await checkPhase(page, `keyboard: ${phase}`, names, ["el", "pl", "cs"]);
      await page.screenshot({ path: artifact(`antics-keyboard-${phase}.png`), fullPage: true });
      phases.add(phase);
    }
    if (!s.mine) {
      await page.waitForTimeout(100);
      continue;
    }
    const to = target(s, k);
    if (!to) {
      await page.waitForTimeout(100);
      continue;
    }
    if (
      to[2] === "ghost hex" &&
      !cancelled &&
      (await page.locator('[data-half="2"]').count()) > 0
    ) {
      await cancelBuild(page);
      cancelled = true;
      continue;
    }
    if (to[2] === "choice" && !cancelled) {
      await cancelOnce(page);
      cancelled = true;
      await page.keyboard.press("Enter"); // the place again: the choice opens again
      await page.locator(".an-choices button[data-command]").first().waitFor();
    }
    await act(page, to, k);
    pressed[to[2]] = (pressed[to[2]] ?? 0) + 1;
  }
  assert.ok(turns() >= TURNS, `${turns()} turns by keyboard: ${JSON.stringify(pressed)}`);
  assert.ok((pressed.hex ?? 0) > 0, `a marker on a hex: ${JSON.stringify(pressed)}`);
  assert.ok((pressed["ghost hex"] ?? 0) > 0, `a tile built: ${JSON.stringify(pressed)}`);
  assert.ok(cancelled, "Escape cancelled a step");
  const events = await page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(events.length > 3, "events are told");
  console.log(
    `antics by keyboard: pressed ${JSON.stringify(pressed)}; a choice cancelled: ${cancelled}; phases ${[...phases].join(", ")}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});
