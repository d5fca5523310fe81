// A person plays a whole solo game of Atiwa (the Colony challenge) by clicking on the drawn page only:
// workers onto spaces of the action board, cards onto open places, pieces onto fields, the rest from the
// task bar; never the text list of legal commands. Every phase reached is photographed and checked (axe,
// no internal id, at most 2.5 viewports tall at 1280×900, nothing sideways at 390×844), the running score
// shown is the server's, and the end explains the score by category and rule, the place and the goal's
// conditions. A whole bot game watched by a spectator ends with every seat's score by category.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import { createIntl } from "react-intl";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { actionText, BODIES } from "../src/games/atiwa/actions.ts";
import type { View } from "../src/games/atiwa/common.ts";
import { LANGUAGES } from "../src/i18n/languages.ts";
import { gameText } from "../src/i18n/text.ts";
import { ARTIFACTS, artifact, launch, person, startServer } from "./support/browser.ts";
import {
  assertAccessible,
  assertFitsNarrow,
  assertNoInternalIds,
  assertShortPage,
} from "./support/checks.ts";
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

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MAX_MOVES = 400; // a solo game by these clicks takes ~150-250 moves; the bound stops a broken page
const GAME_MS = 150_000; // and so does this one, on a busy machine

/** Every action on a four-player board (the largest) is worded by the page from its parts, in every language:
 * no part left unread, none shown in the server's English words. */
test("the page words every action of the server's views from its parts, in every language", async () => {
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const { game } = await client.createGame({ rules: "atiwa", players: ["A", "B", "C", "D"] });
  const spaces = (game.view as unknown as View).spaces ?? [];
  const parts = spaces.flatMap((s) => s.parts);
  const english = spaces.flatMap((s) => s.actions);
  assert.ok(
    parts.length > 30 && parts.length === english.length,
    `the view's actions: ${parts.length}`,
  );
  assert.deepEqual(
    new Set(parts.map((p) => p.act)),
    new Set(Object.keys(BODIES)),
    "a four-player board uses every kind of action the page words",
  );
  for (const language of LANGUAGES.map((l) => l.code)) {
    const intl = createIntl({ locale: language, messages: messagesOf(language) });
    const text = gameText(intl, "atiwa");
    const worded = parts.map((p) => actionText(p, text));
    for (const [i, w] of worded.entries()) {
      assert.ok(
        w.length > 0 && !/[{}]/.test(w),
        `${language}: ${JSON.stringify(parts[i])} -> ${w}`,
      );
      if (language !== "en") assert.notEqual(w, english[i], `${language}: left in English`);
    }
  }
});

/** The page's messages of one language, as catalog.ts makes them (its loader is Vite's, not Node's). */
function messagesOf(language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const namespace of ["app", "atiwa"]) {
    const file = join(SRC, "i18n", "catalog", language, `${namespace}.json`);
    const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    for (const [key, message] of Object.entries(messages)) out[`${namespace}:${key}`] = message;
  }
  return out;
}

// --- playing by clicks ----------------------------------------------------------------------------------

function version(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector("h1 .muted")?.textContent ?? "");
}

/** Where the game stands for this page: over, the task bar's words, and what may be clicked. */
function state(page: Page) {
  // No function is declared inside: the bundler would name it with a helper the page does not have.
  return page.evaluate(() => ({
    over: document.querySelector('[data-testid="result"]') !== null,
    round: Number(/\d+/.exec(document.querySelector(".at-status b")?.textContent ?? "")?.[0] ?? 0),
    task: document.querySelector("#at-task-title")?.textContent ?? "",
    spaces: [...document.querySelectorAll<HTMLElement>("button.at-space.at-open")].map((b) => ({
      id: b.dataset.space ?? "",
      nothing: b.dataset.nothing !== undefined,
    })),
    slots: document.querySelectorAll(".at-me button.at-slot").length,
    fields: document.querySelectorAll(".at-me button.at-field.at-target").length,
    tasks: [...document.querySelectorAll(".at-taskbar .actions button")].map(
      (b) => b.textContent ?? "",
    ),
  }));
}
type State = Awaited<ReturnType<typeof state>>;

/** Spaces worth a worker, best first: a location card, a displayed card, the deck, then the rest. */
const PREFERRED = [/^(TO|VI|SE|FA)_/, /^TT\d$/, /^TD$/, /^R\d$/, /^TF\d$/, /^CH\d$/];

function pickSpace(spaces: State["spaces"]): { id: string; nothing: boolean } {
  const gaining = spaces.filter((s) => !s.nothing);
  for (const pattern of PREFERRED) {
    const found = gaining.find((s) => pattern.test(s.id));
    if (found) return found;
  }
  return gaining[0] ?? (spaces[0] as { id: string; nothing: boolean });
}

/** The task bar's choice: doing something (an action, a payment, a draw, a choice) before passing. */
function pickTask(tasks: string[]): number {
  return Math.max(
    0,
    tasks.findIndex((t) => /^(Do:|Pay|Draw|Eat|Choose)/.test(t)),
  );
}

/** One move by a click where it belongs; returns what was clicked. Never the list of legal commands. */
async function move(page: Page, s: State): Promise<string> {
  const before = await version(page);
  let what: string;
  if (s.spaces.length > 0) {
    const space = pickSpace(s.spaces);
    await page.locator(`button.at-space.at-open[data-space="${space.id}"]`).click();
    if (space.nothing) {
      const asked = page.locator("dialog.at-confirm[open]");
      await asked.waitFor();
      await asked.getByRole("button", { name: "Place anyway" }).click();
    }
    what = "space";
  } else if (s.slots > 0) {
    await page.locator(".at-me button.at-slot").first().click();
    what = "slot";
  } else if (s.fields > 0) {
    await page.locator(".at-me button.at-field.at-target").first().click();
    const choice = page.locator(".at-choices button.primary");
    if ((await choice.count()) > 0) await choice.first().click();
    what = "field";
  } else {
    await page.locator(".at-taskbar .actions button").nth(pickTask(s.tasks)).click();
    what = "task";
  }
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 20_000,
    },
  );
  return what;
}

// --- what every phase must pass -------------------------------------------------------------------------

const heights: Record<string, number> = {};
const layout: string[] = []; // each phase's failed layout check, all reported at the end

/** A phase's photograph and checks: axe, no ids, short at 1280×900, nothing sideways at 390×844. */
async function checkPhase(page: Page, n: number, phase: string): Promise<void> {
  const slug = phase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  await page.screenshot({ path: artifact(`atiwa-solo-${n}-${slug}.png`), fullPage: true });
  heights[phase] = await page.evaluate(() => document.documentElement.scrollHeight);
  await assertNoInternalIds(page, phase);
  await assertAccessible(page, phase);
  await assertShortPage(page, phase).catch((e: Error) => layout.push(e.message));
  await page.setViewportSize(PHONE);
  try {
    await assertFitsNarrow(page, phase).catch((e: Error) => layout.push(e.message));
    if (n === 1) await page.screenshot({ path: artifact("atiwa-solo-phone.png"), fullPage: true });
  } finally {
    await page.setViewportSize(WIDE);
  }
}

/**
 * The running score and the spaces that gain nothing, as the page shows them, are the server's view of them
 * (read while the game waits for this seat's worker: solo, nothing moves meanwhile).
 */
async function assertServerScore(page: Page, client: PlayLedgerClient, game: string) {
  const view = (await client.getGame(game)).view as unknown as View;
  const score = view.players?.[0]?.score;
  assert.ok(score, "the view carries the running score");
  const shown = await page.locator(".at-score-table td.at-total").first().textContent();
  assert.equal(Number(shown), score.total, "the page shows the server's running total");
  const goal = (await page.locator(".at-score > p").textContent()) ?? "";
  assert.match(goal, new RegExp(`^${score.total} of the 100 points the goal needs \\(Colony\\)`));
  // The spaces marked as gaining nothing are the ones the server's view says so of, no more, no fewer.
  const marked = await page
    .locator("button.at-space.at-open[data-nothing]")
    .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.space ?? "").sort());
  const said = (view.spaces ?? []).filter((sp) => sp.gains_nothing).map((sp) => sp.id);
  assert.deepEqual(marked, said.sort(), "the page marks what the view says gains nothing");
  assert.ok(said.length > 0, "some space gains nothing (a location too dear, say)");
}

async function createSolo(page: Page): Promise<string> {
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Atiwa/ }).check();
  await page.getByLabel("Number of players").selectOption("1");
  await page.getByLabel("Solo challenge").fill("1");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForSelector(".at-board");
  const game = /#\/(games\/[0-9a-f-]+)/.exec(page.url())?.[1];
  assert.ok(game, `a game page: ${page.url()}`);
  return game;
}

/** The whole game by clicks: each new phase checked once; returns the clicks made and the phases met. */
async function playToTheEnd(page: Page, client: PlayLedgerClient, game: string) {
  const clicks: Record<string, number> = {};
  const phases: string[] = [];
  const scored = new Set<number>(); // the rounds whose running score was compared with the server's
  let moves = 0;
  await page.locator(".at-space").first().waitFor();
  assert.equal(await page.locator(".at-arrived").count(), 0, "no worker pops in at first draw");
  let popped = 0; // workers seen popping in: placed while the page was open
  for (const deadline = Date.now() + GAME_MS; moves < MAX_MOVES && Date.now() < deadline; ) {
    popped = Math.max(popped, await page.locator(".at-arrived").count());
    const s = await state(page);
    if (s.over) break;
    const phase = s.task.replace(/^Your task: /, "").replace(/\.$/, "");
    if (phase && !phases.includes(phase)) {
      phases.push(phase);
      await checkPhase(page, phases.length, phase);
    }
    if (s.spaces.length + s.slots + s.fields + s.tasks.length === 0) {
      await page.waitForTimeout(100); // the page is sending, or the next view is on its way
      continue;
    }
    if (s.spaces.length > 0 && (s.round === 1 || s.round === 4) && !scored.has(s.round)) {
      scored.add(s.round);
      await assertServerScore(page, client, game);
    }
    const what = await move(page, s);
    clicks[what] = (clicks[what] ?? 0) + 1;
    moves++;
  }
  assert.ok(popped > 0, "a worker just placed pops in on its space");
  return { clicks, phases, moves };
}

test("a person plays a whole solo game of Atiwa by clicking the drawn board", async () => {
  for (const old of readdirSync(ARTIFACTS).filter((f) => f.startsWith("atiwa-solo-")))
    rmSync(artifact(old)); // this run's photographs only
  const started = Date.now();
  const { page, errors, context } = await person(browser, WIDE);
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const game = await createSolo(page);
  const { clicks, phases, moves } = await playToTheEnd(page, client, game);
  const played = Date.now() - started;
  assert.ok(await page.getByTestId("result").isVisible(), `the game ended: ${moves} moves`);
  for (const what of ["space", "field", "task"])
    assert.ok((clicks[what] ?? 0) > 0, `${what} clicked: ${JSON.stringify(clicks)}`);
  await checkPhase(page, phases.length + 1, "the end");

  // The end explained: the place, each category with the rule it counts by, the goal's conditions.
  const final = page.locator(".at-final");
  const table = (await final.textContent()) ?? "";
  for (const words of [
    "Place",
    "Gold1 point per gold",
    "Cardsthe points printed on your cards",
    "Supply boardeach row: the value of its rightmost empty space",
    "Trained families1 point per trained family",
    "Fruit bats over 101 point per fruit bat beyond 10",
    "Food shortage2 points lost per missing food",
    "Totalthe six categories added up",
  ])
    assert.ok(table.includes(words), `the final table: ${words}`);
  assert.match(table, /Colony: the goal is (not )?met\./);
  const conditions = await final.locator(".at-goal li").allTextContents();
  assert.equal(conditions.length, 2, `the goal's conditions: ${conditions}`);
  assert.match(conditions[0] ?? "", /at least 100 points/);
  assert.match(conditions[1] ?? "", /at least 40 fruit bats/);
  const over = await client.getGame(game);
  const view = over.view as unknown as View;
  const total = await final.locator("tr.at-total td").last().textContent();
  assert.equal(Number(total), over.finalScores[0], "the total is the server's final score");
  assert.equal(
    await final.locator("tr.at-place td").last().textContent(),
    String(over.status?.outcome?.placements[0] ?? ""),
    "the place is the server's",
  );
  assert.deepEqual(view.players?.[0]?.score, view.final?.scores[0], "running = final at the end");
  assert.match(
    (await page.getByTestId("result").textContent()) ?? "",
    /the goal of “Colony” is (not )?met/,
  );
  console.log(
    `solo game: ${moves} moves ${JSON.stringify(clicks)} in ${Math.round(played / 1000)} s; ` +
      `page heights at 1280×900:\n${Object.entries(heights)
        .map(([p, h]) => `  ${h}px  ${p}`)
        .join("\n")}`,
  );
  if (layout.length) console.log(layout.join("\n"));
  assert.deepEqual(layout, [], "every phase short at 1280×900 and nothing sideways at 390×844");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a whole bot game, watched by a spectator, ends with every seat's score by category", async () => {
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const made = await client.createGame({
    rules: "atiwa",
    players: ["Ama", "Kofi"],
    bots: [
      { seat: 0, level: "greedy", thinkMs: 1 },
      { seat: 1, level: "greedy", thinkMs: 1 },
    ],
  });
  const { page, errors, context } = await person(browser, WIDE);
  await page.goto(`${server.webUrl}/#/${made.game.name}`);
  await page.waitForSelector(".at-board");
  // A spectator sees the public board, with no seat of its own and nothing to click, and every score so far.
  assert.equal(await page.locator(".at-player").count(), 2);
  assert.equal(await page.locator(".at-me").count(), 0);
  assert.equal(await page.locator("button.at-open, button.at-target, button.at-slot").count(), 0);
  const drawn = await page.evaluate(() => ({
    over: document.querySelector('[data-testid="result"]') !== null,
    scores: document.querySelectorAll(".at-score-table tbody tr").length,
  }));
  assert.equal(drawn.scores, drawn.over ? 0 : 2, "each seat's score so far, until the end");
  await page.getByTestId("result").waitFor({ timeout: 90_000 });
  const table = (await page.locator(".at-final").textContent()) ?? "";
  for (const category of ["Place", "Gold", "Cards", "Supply board", "Trained families", "Total"])
    assert.match(table, new RegExp(category), `the final table names ${category}`);
  assert.match(
    (await page.getByTestId("result").textContent()) ?? "",
    /Round 7's breeding is over and the game is scored/,
  );
  await page.screenshot({ path: artifact("atiwa-end.png"), fullPage: true });
  await assertNoInternalIds(page, "two seats: the end");
  await assertAccessible(page, "two seats: the end");
  await assertShortPage(page, "two seats: the end");
  const over = await client.getGame(made.game.name);
  const places = await page.locator(".at-final tr.at-place td").allTextContents();
  assert.deepEqual(
    places.slice(1),
    (over.status?.outcome?.placements ?? []).map(String),
    "each seat's place is the server's",
  );
  assert.deepEqual(errors, []);
  await context.close();
});
