// A person plays The Grasshopper & the Ant against a server bot by clicking on the drawn board only (the
// cards of the grid, the ant chain picked card by card, the markers; never the list of moves): a whole
// Autumn game, photographed and checked in every phase (no internal id, axe, page height), and an end that
// explains every score by its rules, the places and the tie rule, with the hidden cards revealed. Then a
// few turns of Winter with Red Ants and the market, each phase also read in Greek, Polish and Czech,
// watched by a spectator on a phone.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { GameEvent, JsonObject } from "@playledger/client";
import type { Browser, Locator, Page } from "playwright-core";
import { createIntl } from "react-intl";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { describe } from "../src/games/grasshopper-and-ant/events.ts";
import { label, RULES, setCatalog } from "../src/games/grasshopper-and-ant/words.ts";
import { gameText } from "../src/i18n/text.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";
import {
  assertAccessible,
  assertFitsNarrow,
  assertNoInternalIds,
  assertShortPage,
  forbiddenIn,
} from "./support/checks.ts";
import { assertInLanguage } from "./support/grasshopper-and-ant.ts";
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

const MAX_LOOPS = 1500; // waits of 100 ms and moves: an Autumn game is ~15 rounds, ~3 moves of mine each

test("the id check fails on a card id after a word, as the board once printed it", () => {
  for (const leak of [
    "Stone ST-06",
    "Tablecloth TC-09",
    "Fox R-FOX-15",
    "Lamb B-LAMB",
    "tile T05",
    "space TL_C",
    "square S09",
    "Kámen ST‑06",
  ])
    assert.notDeepEqual(forbiddenIn(leak), [], leak);
  for (const fine of ["A1: Stone · Bee", "Πέτρα · Μέλισσα", "positions 1 to 4", "round 12"])
    assert.deepEqual(forbiddenIn(fine), [], fine);
});

const MOVES: [string, JsonObject][] = [
  [
    "place_ants",
    {
      cells: [
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 2],
        [2, 2],
        [3, 2],
      ],
    },
  ],
  ["choose_marker", { path_type: "ST" }],
  ["red_ant_guess", { path_type: "TC" }],
  ["peek_marker", { slot: 1 }],
  ["place_cicada", { cell: [2, 3] }],
  ["resolve_insect", { card: "ST-07", take: "WD-07" }],
  ["resolve_insect", { card: "ST-07", take: "ST-07" }],
  ["gain_power", { discard: "ST-07" }],
  ["skip_power", {}],
  ["buy", { provision: "PV-WHEAT-1", cards: ["TC-01", "TC-02", "ST-07"] }],
  ["use_swap", { mine: "PV-WHEAT-1", theirs: "PV-HONEY-2" }],
  ["pass", {}],
];
const EVENTS: [string, JsonObject][] = [
  ["GameSetUp", { mode: "winter", ant: 0, cicada: 1 }],
  ["RoundStarted", { round: 3, ant: 1, cicada: 0 }],
  [
    "AntsPlaced",
    {
      seat: 0,
      cells: [
        [0, 0],
        [0, 1],
      ],
    },
  ],
  ["MarkerChosen", { seat: 0, path_type: null }],
  ["MarkerChosen", { seat: 0, path_type: "WD" }],
  ["MarkerPeeked", { seat: 1, slot: 0, path_type: "TL" }],
  ["CicadaPlaced", { seat: 1, cell: [0, 1] }],
  ["MarkersRevealed", { ant_marker: "ST", cicada_right: true, collector: 1, cards: ["ST-07"] }],
  ["PantryFilled", { seat: 1, shelf: "ST", position: 4, lost: 2, kept: ["ST-07"] }],
  ["PathCardDrawn", { seat: 0, card: null, reason: "cocoon" }],
  ["DeckReshuffled", { cards: ["TC-01"] }],
  ["GridRefilled", { placements: [1, 2] }],
  ["InsectResolved", { seat: 0, card: "ST-07", taken: "WD-07" }],
  ["CardsCollected", { seat: 0, cards: ["TC-01", "ST-07"] }],
  ["PowerGained", { seat: 0, power: "PW-BEE", discarded: "ST-07", from_seat: 1 }],
  ["PowerDeclined", { seat: 0 }],
  ["ProvisionBought", { seat: 1, provision: "PV-BREAD-2", paid: ["TL-01"] }],
  ["ProvisionsSwapped", { seat: 1, given: "PV-BREAD-2", received: "PV-APPLE-1", other_seat: null }],
  ["AcquisitionEnded", { seat: 1 }],
  ["MarketRefilled", { cards: ["PV-CHEESE-1"] }],
  ["GameFinished", { reason: "four_vp", winners: [0, 1] }],
  ["SeedRevealed", {}],
];

test("every move's label and every event's sentence, in each language, names no id", () => {
  setCatalog({
    path_cards: { "ST-07": { type: "ST", insect: "BEE" }, "WD-07": { type: "WD", insect: "BEE" } },
    provisions: { "PV-WHEAT-1": { kind: "PV-WHEAT" }, "PV-HONEY-2": { kind: "PV-HONEY" } },
  });
  for (const language of ["en", "el", "pl", "cs"]) {
    const messages = JSON.parse(
      readFileSync(join(SRC, "i18n", "catalog", language, `${RULES}.json`), "utf8"),
    ) as Record<string, string>;
    const intl = createIntl({
      locale: language,
      messages: Object.fromEntries(Object.entries(messages).map(([k, m]) => [`${RULES}:${k}`, m])),
      onError: (e) => assert.fail(`${language}: ${e.message}`),
    });
    const ctx = { players: ["Ann", "Bob"], mySeat: 0, t: () => "", text: gameText(intl, RULES) };
    const said = [
      ...MOVES.map(([commandType, args]) =>
        label({ commandType, args, label: "", labelWords: { key: "", params: {} } }, ctx),
      ),
      ...EVENTS.map(([type, data]) => describe({ type, data } as GameEvent, ctx)),
    ];
    for (const s of said) {
      assert.deepEqual(forbiddenIn(s), [], `${language}: ${s}`);
      assert.doesNotMatch(s, /[{}]|grasshopper-and-ant:/, `${language}: ${s}`);
    }
    if (language !== "en") assert.ok(!said.some((s) => /\bthe\b|\bon\b/i.test(s)), language);
  }
});

function version(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector("h1 .muted")?.textContent ?? "");
}

/** What the page is at: over, my turn, the board's phase. */
function state(page: Page) {
  return page.evaluate(() => ({
    over: document.querySelector('[data-testid="result"]') !== null,
    mine: document.querySelector('[data-testid="turn"]')?.classList.contains("yours") ?? false,
    phase: document.querySelector(".ga-board")?.getAttribute("data-phase") ?? "",
  }));
}

/** Picks 6 cards on the grid, each time the first the page still offers, then presses Place. */
async function placeAnts(page: Page, shot: boolean): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const pick = page.locator('.ga-grid button[data-doing="pick"]').first();
    await pick.click();
  }
  assert.equal(await page.locator('.ga-grid button[aria-pressed="true"]').count(), 6);
  if (shot) await page.screenshot({ path: artifact("ga-placing.png"), fullPage: true });
  await page.locator(".ga-grid-wrap .ga-actions button.primary").click();
}

/** Whatever on the board acts: a card to pick, sit on or take, a marker, a choice, a way to pay. */
const ACTIONS = [
  ".ga-grid button[data-doing]",
  ".ga-markers button.ga-marker:not([disabled])",
  ".ga-turn button:not([disabled])",
  ".ga-provision button:not([disabled])",
].join(", ");

/** A click that sends a move. Seen with bots that move at once (1 run in 5): the click lands and the move is
 * recorded, the page redraws the button away, and Playwright's click never returns. A version that moved on
 * says the click did its work. */
async function press(page: Page, target: Locator, before: string): Promise<void> {
  try {
    await target.click({ timeout: 10_000 });
  } catch (e) {
    if ((await version(page)) !== before) return;
    throw e;
  }
}

/** One move by clicking the board; returns what kind of move it was ("none": the turn passed meanwhile, to
 * the clock). Never the list of moves. */
async function move(page: Page, shot: boolean): Promise<string> {
  // "Your turn" comes with the game, the moves with the read after it: wait until the board offers one, or
  // the turn has passed.
  await page.waitForFunction(
    (actions) =>
      document.querySelector(actions) !== null ||
      !document.querySelector('[data-testid="turn"]')?.classList.contains("yours"),
    ACTIONS,
    { timeout: 10_000 },
  );
  if (!(await state(page)).mine) return "none";
  const before = await version(page);
  const sit = page.locator('.ga-grid button[data-doing="sit"]');
  const help = page.locator(
    '.ga-grid button[data-doing="take"], .ga-grid button[data-doing="keep"]',
  );
  const marker = page.locator(".ga-markers button.ga-marker:not([disabled])");
  const choice = page.locator(
    ".ga-turn button:not([disabled]), .ga-provision button:not([disabled])",
  );
  let kind: string;
  if ((await page.locator('.ga-grid button[data-doing="pick"]').count()) > 0) {
    await placeAnts(page, shot);
    kind = "place";
  } else if ((await sit.count()) > 0) {
    await press(page, sit.nth((await sit.count()) - 1), before);
    kind = "sit";
  } else if ((await help.count()) > 0) {
    // Insect help on the grid: the hint names the haul card; take another card with its insect.
    assert.match(
      (await page.locator(".ga-grid-wrap .ga-hint").textContent()) ?? "",
      /Insect help for/,
    );
    await press(page, help.first(), before);
    kind = "insect";
  } else if ((await marker.count()) > 0) {
    await press(page, marker.first(), before);
    kind = "marker";
  } else if ((await choice.count()) > 0) {
    await press(page, choice.first(), before);
    kind = "choice";
  } else {
    const listed = await page.evaluate(() => document.querySelector(".commands")?.textContent);
    const phase = await page.evaluate(() =>
      document.querySelector(".ga-board")?.getAttribute("data-phase"),
    );
    await page.screenshot({ path: artifact("ga-nothing-to-click.png"), fullPage: true });
    assert.fail(
      `my turn in ${phase}, but the board offers nothing to click (the list says: ${listed})`,
    );
  }
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 30_000,
    },
  );
  return kind;
}

async function create(page: Page, players: number, mode: string, level: string): Promise<void> {
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Grasshopper/ }).check();
  await page.getByLabel("Number of players").selectOption(String(players));
  await page.locator("#option-mode").selectOption(mode);
  await page.locator("#option-first_ant").selectOption("0"); // Ann lays the first chain
  await page.getByLabel("Name of player 1").fill("Ann");
  for (let s = 1; s < players; s++)
    await page.getByLabel(`Bot level for Bot ${s}`).selectOption(level);
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForSelector(".ga-board");
}

/** The checks of a phase: no id shown or named, axe, the page's height; a photograph. */
async function checkPhase(page: Page, where: string, name: string): Promise<void> {
  await assertNoInternalIds(page, where);
  await assertAccessible(page, where);
  await assertShortPage(page, where);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`${where}: ${height}px tall at 1280×900, axe clean, no id`);
  await page.screenshot({ path: artifact(name), fullPage: true });
}

/** The page read in Greek, Polish and Czech (the language menu), then back in English. */
async function inEachLanguage(page: Page, where: string): Promise<void> {
  const menu = page.getByTestId("language");
  for (const lang of ["el", "pl", "cs"]) {
    await menu.selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await assertInLanguage(page, where, ["Ann", "Bot 1", "Bot 2"]);
  }
  await menu.selectOption("en");
  await page.waitForFunction(() => document.documentElement.lang === "en");
}

/** The end explains the result: per seat the rules' parts, the total as the result table has it. */
async function explainsTheEnd(page: Page): Promise<void> {
  const rows = await page.locator('[data-testid="ga-results"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      place: tr.querySelector("td")?.textContent ?? "",
      name: tr.querySelector("th")?.textContent ?? "",
      parts: [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""),
      shelf: tr.querySelector('[data-testid="ga-shelf-points"]')?.textContent ?? "",
      insects: tr.querySelector('[data-testid="ga-insect-points"]')?.textContent ?? "",
      total: tr.querySelector('[data-testid="ga-total"]')?.textContent ?? "",
    })),
  );
  assert.equal(rows.length, 2, "a row per player");
  const result = await page.locator('[data-testid="result"] tbody tr').allTextContents();
  for (const row of rows) {
    assert.match(row.place, /^\d$/, `${row.name}: a place`);
    assert.match(row.shelf, /^\d+ points?$/, `${row.name}: shelf points`);
    assert.match(row.insects, /^\d+ points?$/, `${row.name}: insect points`);
    // the server's parts add up to the server's total (GA-91: shelves plus insects)
    assert.equal(
      Number.parseInt(row.shelf, 10) + Number.parseInt(row.insects, 10),
      Number(row.total),
    );
    assert.doesNotMatch(row.parts.join(" "), /face down/, `${row.name}: insects revealed`);
    const line = result.find((r) => r.includes(row.name)) ?? "";
    assert.ok(line.startsWith(row.place), `${row.name}: the same place as the result (${line})`);
    assert.ok(line.endsWith(row.total), `${row.name}: the same total as the result (${line})`);
  }
  const tie = (await page.getByTestId("ga-tie").textContent()) ?? "";
  const totals = rows.map((r) => r.total);
  if (totals[0] === totals[1]) assert.match(tie, /insect path cards/, "the tie rule in words");
  else assert.match(tie, /No tie-break/, "no tie rule when none was needed");
  assert.match(
    (await page.locator(".ga-results").textContent()) ?? "",
    /turned face up/,
    "what was hidden is said to be revealed",
  );
}

test("a person plays a whole Autumn game against a bot by clicking on the board only", async () => {
  const started = Date.now();
  const ann = await person(browser, { width: 1280, height: 900 });
  await create(ann.page, 2, "autumn", "greedy");
  const kinds = new Set<string>();
  const phases = new Set<string>();
  const arrivals = () => ann.page.locator(".ga-arrived").count();
  assert.equal(await arrivals(), 0, "no pawn pops in as the page first draws the grid");
  let arrived = 0; // pawns seen popping in: they arrived while the page was open
  let loops = 0;
  for (; loops < MAX_LOOPS; loops++) {
    const now = await state(ann.page);
    if (now.over) break;
    arrived = Math.max(arrived, await arrivals());
    if (!now.mine) {
      await ann.page.waitForTimeout(100);
      continue;
    }
    if (!phases.has(now.phase)) {
      await checkPhase(ann.page, `Autumn, ${now.phase}`, `ga-autumn-${now.phase}.png`);
      phases.add(now.phase);
    }
    const kind = await move(ann.page, !kinds.has("place"));
    if (kind !== "none") kinds.add(kind);
  }
  assert.ok(loops < MAX_LOOPS, "the game did not end");
  await ann.page.getByTestId("result").waitFor();
  for (const k of ["place", "marker", "sit"]) assert.ok(kinds.has(k), `played a ${k} move`);
  assert.ok(arrived > 0, "pawns that arrive pop in on the grid");
  const log = await ann.page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(
    log.some((l) => /The Ant's marker was/.test(l)),
    "reveals are told in words",
  );
  assert.ok(log.some((l) => /The game is over/.test(l)));
  await checkPhase(ann.page, "Autumn, the end", "ga-autumn-end.png");
  await explainsTheEnd(ann.page);
  await ann.page.setViewportSize({ width: 390, height: 844 });
  await assertFitsNarrow(ann.page, "the end, phone", ['[data-testid="events"]', ".commands"]);
  await assertAccessible(ann.page, "the end, phone");
  await ann.page.screenshot({ path: artifact("ga-autumn-end-phone.png"), fullPage: true });
  assert.deepEqual(ann.errors, []);
  await ann.context.close();
  console.log(`Autumn by clicks: ${[...kinds].join(", ")}; ${(Date.now() - started) / 1000} s`);
});

test("a whole Winter game with Red Ants by clicking on the board; a phone-sized spectator sees no secret", async () => {
  const ann = await person(browser, { width: 1280, height: 900 });
  await create(ann.page, 3, "winter", "greedy");
  const game = /#\/games\/[0-9a-f-]+/.exec(ann.page.url())?.[0];
  assert.ok(game, ann.page.url());
  const phone = await person(browser, { width: 390, height: 844 });
  await phone.page.goto(`${server.webUrl}/${game}`);
  await phone.page.waitForSelector(".ga-board");
  const phases = new Set<string>();
  const kinds = new Set<string>();
  let moves = 0;
  let loops = 0;
  for (; loops < MAX_LOOPS; loops++) {
    const now = await state(ann.page);
    if (now.over) break;
    if (moves < 8) {
      const seen = (await phone.page.locator("main").textContent()) ?? "";
      assert.doesNotMatch(seen, /Your secret marker|face down: /, "a spectator sees no secret");
    }
    if (!now.mine) {
      await ann.page.waitForTimeout(150);
      continue;
    }
    if (!phases.has(now.phase)) {
      await checkPhase(ann.page, `Winter, ${now.phase}`, `ga-winter-${now.phase}.png`);
      await inEachLanguage(ann.page, `Winter, ${now.phase}`);
      phases.add(now.phase);
    }
    if (moves === 4) {
      assert.ok((await ann.page.locator(".ga-market .ga-provision").count()) > 0, "the market");
      assert.match((await ann.page.locator(".ga-market").textContent()) ?? "", /Price:/);
    }
    const kind = await move(ann.page, false);
    if (kind === "none") continue;
    kinds.add(kind);
    moves++;
  }
  assert.ok(loops < MAX_LOOPS, "the game did not end");
  await ann.page.getByTestId("result").waitFor();
  for (const k of ["place", "marker", "choice"]) assert.ok(kinds.has(k), `played a ${k} move`);
  await checkPhase(ann.page, "Winter, the end", "ga-winter-end.png");
  const results = (await ann.page.getByTestId("ga-results").textContent()) ?? "";
  assert.match(results, /victory point/, "how Winter is scored");
  assert.match(results, /turned face up/, "what was hidden is said to be revealed");
  const rows = await ann.page.locator('[data-testid="ga-results"] tbody tr').count();
  assert.equal(rows, 3, "a row per player");
  const log = await ann.page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(log.some((l) => /The game is over/.test(l)));
  console.log(`Winter by clicks: ${moves} moves (${[...kinds].join(", ")})`);
  await assertNoInternalIds(phone.page, "the spectator's phone");
  await assertFitsNarrow(phone.page, "the spectator's phone", [
    '[data-testid="events"]',
    ".commands",
  ]);
  await assertAccessible(phone.page, "the spectator's phone");
  await ann.page.screenshot({ path: artifact("ga-winter.png"), fullPage: true });
  await phone.page.screenshot({ path: artifact("ga-phone.png"), fullPage: true });
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(phone.errors, []);
  await ann.context.close();
  await phone.context.close();
});
