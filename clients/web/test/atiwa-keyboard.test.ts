// One person plays Atiwa's first round against a server bot by keyboard alone (Tab, the arrow keys,
// Enter, Escape: no click), with the page in Polish, the rulebook's language: from the lobby through the
// three workers of the work phase and every step of the maintenance into round 2. In each phase the page
// shows no English message of the catalog and no internal id, and axe finds no serious violation, board
// included. On the way it meets the player aid of issue 29: a space that gains nothing asks first.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, startServer } from "./support/browser.ts";
import { assertAccessible, assertNoInternalIds, visibleText } from "./support/checks.ts";
import { assertFocusShown, focused, tabTo } from "./support/keyboard.ts";
import { SRC } from "./support/paths.ts";

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

const MAX_STEPS = 1500; // waits of 150 ms and moves; round 1 takes this seat ~25 moves

// --- English on a Polish page: the English catalog's messages (app, atiwa) of two words or more --------

function literally(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A message as patterns to look for: the whole (placeholders as wildcards) and its literal pieces. */
function patterns(message: string): RegExp[] {
  const out: RegExp[] = [];
  const words = (s: string) => (s.match(/\p{L}{2,}/gu) ?? []).length;
  const walk = (elements: MessageFormatElement[], top: boolean) => {
    let whole = "";
    let literal = "";
    let piece = "";
    for (const e of elements) {
      if (e.type === TYPE.literal) {
        whole += literally(e.value);
        literal += e.value;
        piece += e.value;
        continue;
      }
      if (words(piece) >= 2) out.push(new RegExp(literally(piece.trim()), "i"));
      piece = "";
      whole += ".{0,60}?";
      if (e.type === TYPE.plural || e.type === TYPE.select)
        for (const option of Object.values(e.options)) walk(option.value, false);
    }
    if (words(piece) >= 2) out.push(new RegExp(literally(piece.trim()), "i"));
    if (top && words(literal) >= 2) out.push(new RegExp(whole.replace(/\s+/g, "\\s+"), "i"));
  };
  walk(parse(message), true);
  return out;
}

const ENGLISH: [string, RegExp[]][] = ["app", "atiwa"].flatMap((ns) =>
  Object.entries(
    JSON.parse(readFileSync(join(SRC, "i18n", "catalog", "en", `${ns}.json`), "utf8")) as Record<
      string,
      string
    >,
  ).map(([key, message]): [string, RegExp[]] => [`${ns}:${key}`, patterns(message)]),
);

/** The English catalog messages the text shows (people's and bots' names taken out first). */
function englishIn(text: string, names: string[]): string[] {
  let seen = text.replace(/\s+/g, " ");
  for (const name of names) seen = seen.split(name).join(" ");
  return ENGLISH.filter(([, found]) => found.some((p) => p.test(seen))).map(([key]) => key);
}

/** Every check of a phase: no English message, no internal id, and (when asked) nothing serious to axe. */
async function checkPage(page: Page, where: string, names: string[], axe = true): Promise<void> {
  const text = await visibleText(page, "body", [".language"]);
  assert.deepEqual(englishIn(text, names), [], `${where}: English on the page`);
  await assertNoInternalIds(page, where);
  if (axe) await assertAccessible(page, where);
}

/** The same page in Greek and Czech (set with the language menu), then Polish again. */
async function inOtherLanguages(page: Page, where: string, names: string[]): Promise<void> {
  for (const lang of ["el", "cs", "pl"]) {
    await page.getByTestId("language").selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    if (lang !== "pl") await checkPage(page, `${where} (${lang})`, names, false);
  }
}

// --- keyboard ----------------------------------------------------------------------------------------

/**
 * Into a roving group by Tab (one stop), then Home and the Right arrow until the focus is on `target`;
 * again from Tab if the group was drawn anew meanwhile (a live update took the focused button away).
 */
async function reach(page: Page, group: string, target: string, max = 60): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await tabTo(page, group);
    await page.keyboard.press("Home");
    for (let i = 0; i < max && (await focused(page, group)); i++) {
      if (await focused(page, target)) return;
      await page.keyboard.press("ArrowRight");
    }
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  assert.fail(`${target} not reached by the arrow keys; the focus is on ${at}`);
}

function version(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector("h1 .muted")?.textContent ?? "");
}

async function moved(page: Page, before: string): Promise<void> {
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 20_000,
    },
  );
}

/** Where the game is for this page: over, whose turn, the round, the task bar's words. */
function state(page: Page) {
  return page.evaluate(() => ({
    over: document.querySelector('[data-testid="result"]') !== null,
    mine: document.querySelector('[data-testid="turn"]')?.classList.contains("yours") ?? false,
    round: Number(/\d+/.exec(document.querySelector(".at-status b")?.textContent ?? "")?.[0] ?? 0),
    task: document.querySelector("#at-task-title")?.textContent ?? "",
    spaces: document.querySelectorAll("button.at-space.at-open").length,
    nothing: document.querySelectorAll("button.at-space.at-open[data-nothing]").length,
    slots: document.querySelectorAll(".at-me button.at-slot").length,
    fields: document.querySelectorAll(".at-me button.at-field.at-target").length,
    tasks: [...document.querySelectorAll<HTMLButtonElement>(".at-taskbar button")].map(
      (b) => b.textContent ?? "",
    ),
  }));
}

type State = Awaited<ReturnType<typeof state>>;

/** Press Enter on the focused button and wait for the game to move on. */
async function enter(page: Page): Promise<void> {
  const before = await version(page);
  await page.keyboard.press("Enter");
  await moved(page, before);
}

const SPACES = "button.at-space.at-open";
const MINE = ".at-me button.at-field.at-target, .at-me button.at-slot";

/** A worker onto a space (one round-track space that gains something, if any): Tab, arrows, Enter. */
async function placeWorker(page: Page): Promise<void> {
  const id = await page.evaluate((open) => {
    const gaining = `${open}:not([data-nothing])`;
    const best =
      document.querySelector(`.at-track ${gaining}`) ??
      document.querySelector(gaining) ??
      document.querySelector(open);
    return best?.getAttribute("data-space") ?? "";
  }, SPACES);
  await reach(page, SPACES, `[data-space="${id}"]`);
  await assertFocusShown(page, "an action space");
  await enter(page);
}

/**
 * The player aid: Enter on a space that gains nothing asks first. Escape cancels (nothing is sent, the
 * focus is back on the space); asked again, Tab to "Place anyway" and Enter places the worker.
 */
async function meetConfirmation(page: Page, names: string[]): Promise<string> {
  const id = await page.evaluate(
    (open) => document.querySelector(`${open}[data-nothing]`)?.getAttribute("data-space") ?? "",
    SPACES,
  );
  await tabTo(page, SPACES);
  // The group is one Tab stop; Down goes to the row of spaces below as drawn, Right along the reading order.
  const top = () => page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? 0);
  await page.keyboard.press("Home");
  const first = await top();
  await page.keyboard.press("ArrowDown");
  assert.ok((await focused(page, SPACES)) && (await top()) > first, "Down: the row below");
  await reach(page, SPACES, `[data-space="${id}"]`);
  const before = await version(page);
  await page.keyboard.press("Enter");
  const dialog = page.locator("dialog.at-confirm[open]");
  await dialog.waitFor();
  assert.match((await dialog.textContent()) ?? "", /To nic ci nie da\. Postawić mimo to\?/);
  assert.ok(await focused(page, "dialog.at-confirm button"), "the focus is in the dialog");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Anuluj");
  await checkPage(page, "the confirmation", names);
  await page.keyboard.press("Escape");
  await page.locator("dialog.at-confirm").waitFor({ state: "detached" });
  assert.ok(await focused(page, `[data-space="${id}"]`), "Escape cancels, back on the space");
  assert.equal(await version(page), before, "cancelled: nothing was sent");
  await page.keyboard.press("Enter");
  await dialog.waitFor();
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Postaw mimo to");
  await enter(page);
  return id;
}

/** What the task bar offers, the doing first (an action, a payment, a draw, a choice), a pass last. */
function taskChoice(tasks: string[]): number {
  const doing = tasks.findIndex((t) => /^(Wykonaj:|Zapłać|Dobierz|Zjedz|Wybierz)/.test(t));
  return Math.max(doing, 0);
}

/** One move that is not a worker: a card's place, a field (its choice if several), the task bar. */
async function pressOn(page: Page, s: State): Promise<string> {
  if (s.slots > 0 || s.fields > 0) {
    const target = s.slots > 0 ? ".at-me button.at-slot" : ".at-me button.at-field.at-target";
    await reach(page, MINE, target);
    const before = await version(page);
    await page.keyboard.press("Enter");
    if (await page.locator(".at-choices").count()) {
      assert.ok(await focused(page, ".at-choices button"), "the choices take the focus");
      await page.keyboard.press("Enter");
    }
    await moved(page, before);
    return s.slots > 0 ? "slot" : "field";
  }
  if (s.tasks.length > 0) {
    await tabTo(page, `.at-taskbar .actions > button:nth-child(${taskChoice(s.tasks) + 1})`);
    await enter(page);
    return "task";
  }
  await tabTo(page, '[data-testid="moves-toggle"]'); // the folded list of every move, by keyboard too
  await page.keyboard.press("Enter");
  await tabTo(page, ".commands button[data-command]");
  await enter(page);
  return "list";
}

/** The lobby by keyboard: Atiwa chosen by the arrow keys, two players (you and a bot), the table. */
async function createByKeyboard(page: Page): Promise<string[]> {
  await page.goto(`${server.webUrl}/`);
  await page.waitForSelector('input[name="game-type"]');
  assert.equal(await page.getAttribute("html", "lang"), "pl", "the browser's Polish is chosen");
  await tabTo(page, 'input[name="game-type"]');
  for (let i = 0; i < 10 && !(await focused(page, 'input[value="atiwa"]')); i++)
    await page.keyboard.press("ArrowDown");
  assert.ok(await focused(page, 'input[value="atiwa"]:checked'), "Atiwa chosen by the arrow keys");
  await tabTo(page, "fieldset:has(.seats) > label > select");
  for (
    let i = 0;
    i < 4 && (await page.locator("fieldset:has(.seats) > label > select").inputValue()) !== "2";
    i++
  )
    await page.keyboard.press("ArrowUp");
  const names = await page
    .locator(".seats li input")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  assert.equal(names.length, 2, "you and one bot");
  await tabTo(page, "form.create button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".invites a.button");
  await tabTo(page, ".invites a.button");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".at-board");
  return names;
}

/** Round 1 by keyboard, to this seat's first move of round 2: every phase checked once with axe. */
async function playRound(page: Page, names: string[]) {
  const phases = new Set<string>();
  const moves: Record<string, number> = {};
  let asked = "";
  for (let step = 0; step < MAX_STEPS; step++) {
    const s = await state(page);
    if (s.over || (s.round >= 2 && s.mine && s.spaces > 0)) break;
    const phase = s.mine ? `round ${s.round}: ${s.task}` : `round ${s.round}: the bot's turn`;
    if (!phases.has(phase)) {
      await checkPage(page, phase, names);
      await inOtherLanguages(page, phase, names);
    }
    phases.add(phase);
    if (!s.mine || (s.spaces === 0 && s.slots + s.fields + s.tasks.length === 0)) {
      await page.waitForTimeout(150); // the bot moves (its moves arrive live), or the page is sending
      continue;
    }
    let what: string;
    if (s.spaces > 0 && s.nothing > 0 && !asked) {
      asked = await meetConfirmation(page, names);
      what = "space";
    } else if (s.spaces > 0) {
      await placeWorker(page);
      what = "space";
    } else {
      what = await pressOn(page, s);
    }
    moves[what] = (moves[what] ?? 0) + 1;
    if (moves[what] === 1) await checkPage(page, `after the first ${what}`, names, false);
  }
  return { phases: [...phases], moves, asked };
}

test("the English check sees a catalog message with its values filled in, and no Polish", () => {
  assert.deepEqual(englishIn("Round 3 of 7 · start player: Ama", ["Ama"]), [
    "atiwa:status.round",
    "atiwa:status.start",
  ]);
  assert.deepEqual(englishIn("Runda 3 z 7 · gracz rozpoczynający: Ama", ["Ama"]), []);
});

test("a person plays Atiwa's first round against a bot by keyboard alone, in Polish", async () => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "pl-PL",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    // A message that failed to format says so here (a missing file, e.g. an icon, is not this test's).
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
      errors.push(m.text());
  });
  const names = await createByKeyboard(page);
  await checkPage(page, "the table at the start", names);
  const rows = await page.locator(".at-score-table tbody tr").allTextContents();
  for (const [seat, name] of names.entries())
    assert.match(
      rows[seat] ?? "",
      new RegExp(`^${name}(-?\\d+){7}$`),
      "a running score by category",
    );

  const { phases, moves, asked } = await playRound(page, names);
  const s = await state(page);
  assert.ok(s.round >= 2 && s.mine, `round 2 reached: ${JSON.stringify({ moves, phases })}`);
  assert.ok(asked, "a space that gains nothing asked first");
  assert.ok((moves.space ?? 0) >= 3, `the workers went by keyboard: ${JSON.stringify(moves)}`);
  assert.ok(
    (moves.field ?? 0) >= 1,
    `pieces went onto fields by keyboard: ${JSON.stringify(moves)}`,
  );
  assert.ok(
    phases.some((p) => /round 1: .*(wyżyw|rozmieść|rozmnażanie|karty nocy)/.test(p)),
    `the maintenance steps were checked: ${phases.join("; ")}`,
  );
  const events = await page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(
    events.some((e) => /Stawiasz pracownika na polu/.test(e)),
    "the events read in Polish",
  );
  await checkPage(page, "round 2", names);
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: artifact("atiwa-keyboard-round-2.png"), fullPage: true });
  console.log(
    `moves ${JSON.stringify(moves)}; asked on ${asked}; page ${tall}px tall; phases checked:\n${phases.join("\n")}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});
