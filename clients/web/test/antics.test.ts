// A person plays a whole game of Antics! against a server bot by clicking on the drawn board only: hexes
// of their ant-hill for markers, the magnificANT's actions, tiles of the display, a tile of their supply
// and its ghost hexes, hatcheries, paths and sites of the meadow, the choices a place asks, Finish and End
// drawn in the turn bar; never the list of moves. The page is in Czech (the rulebook's language) and each
// phase reached is checked in Czech, Greek and Polish (no English of the catalog, no internal id), with
// axe and the page's height, and photographed. The end explains the result: each seat's points by rule
// (leaves on fungi, prey kinds squared) adding up to the server's totals, places, the tie-break, what was
// hidden; at a phone's width nothing goes sideways.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import {
  assertNoSideways,
  type BoardState,
  boardState,
  changed,
  checkPhase,
  createGame,
  phaseOf,
  setLanguage,
  signature,
} from "./support/antics.ts";
import { artifact, launch, startServer } from "./support/browser.ts";

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

const MAX_STEPS = 1500; // presses and waits of 100 ms: a bound for a broken page
const ACTIVE_MS = 40_000; // then this seat only ends its turns, and the stalemate rule ends the game
const PLAY_MS = 75_000;
const LANGUAGES = ["cs", "el", "pl"];

// A person's plan to score: three ants from the nest to the beetles (grass, pebbles, sand paths), the
// beetle picked up, passed home along them and delivered. The view (public: everything on the table) says
// how far the plan is; every step is still a press on the board, and anything else falls to choose().
const CHAIN: [string, string][] = [
  ["S01", "GRASS"],
  ["S13", "PEBBLES"],
  ["S19", "SAND"],
];
const SITE = "P1";

type View = {
  phase: string;
  pending: { action: string } | null;
  magnificant_used: boolean;
  hatcheries: Record<string, number[]>;
  paths: Record<string, { seat: number; carrying: string | null }[]>;
  players: { cells: unknown[]; prey: string[] }[];
};

function mineOn(view: View, path: string) {
  return (view.paths[path] ?? []).find((a) => a.seat === 0);
}

/** The next press of the plan, or undefined (then choose() decides). */
function planned(view: View, s: BoardState): [string, string] | undefined {
  if (!s.mine || s.choices > 0 || s.ghosts > 0) return undefined;
  if (view.players[0]?.prey.length) return undefined; // scored: the plan is done
  const placed = CHAIN.filter(([path]) => mineOn(view, path)).length;
  const waiting = CHAIN.filter(([, h]) => (view.hatcheries[h]?.[0] ?? 0) > 0).length;
  const next = CHAIN.find(([path]) => !mineOn(view, path));
  const action = view.pending?.action;
  if (view.phase === "feeding" && s.places + s.hatcheries > 0)
    // the anteater eats anything but the plan's beetles and hatcheries
    return [
      `.an-meadow .an-place:not([data-place="site:${SITE}"]), .an-hatcheries button:not(${CHAIN.map(([, h]) => `[data-place="hatchery:${h}"]`).join(",")})`,
      "meadow",
    ];
  if (view.phase === "actions") {
    const hex = (kind: string) => `.an-me .an-hex[data-kind="${kind}"]`;
    const magnificant = (a: string) => `.an-turnbar button[data-action="${a}"]`;
    if (s.hexes === 0 && s.magnificant > 0) return [magnificant("BUILD"), "magnificANT"];
    if (placed + waiting < CHAIN.length && s.kinds.includes("HATCH")) return [hex("HATCH"), "hex"];
    if (!view.magnificant_used && placed < CHAIN.length && waiting > 0)
      return [magnificant("ANTS"), "magnificANT"];
    if (!view.magnificant_used && placed === CHAIN.length)
      return [magnificant("DRAG"), "magnificANT"];
    return undefined;
  }
  if (action === "HATCH") {
    const need = CHAIN.find(([path, h]) => !mineOn(view, path) && !(view.hatcheries[h]?.[0] ?? 0));
    if (need) return [`.an-hatcheries button[data-place="hatchery:${need[1]}"]`, "hatchery"];
  }
  if (action === "ANTS" && next) return [`.an-meadow [data-place="path:${next[0]}"]`, "meadow"];
  if (action === "DRAG" && placed === CHAIN.length) {
    const carrier = CHAIN.findIndex(([path]) => mineOn(view, path)?.carrying);
    const at = CHAIN[carrier]?.[0];
    return at
      ? [`.an-meadow [data-place="path:${at}"]`, "meadow"]
      : [`.an-meadow [data-place="site:${SITE}"]`, "meadow"];
  }
  return undefined;
}

/** In a choice the plan asks for: deploy onto its path, pass toward the nest, deliver. */
function plannedChoice(s: BoardState): string | undefined {
  for (const command of ["deliver_token", "pick_up_token", "deploy_ant"])
    if (s.offered.includes(command)) return `.an-choices button[data-command="${command}"]`;
  for (let i = CHAIN.length - 1; i > 0; i--) {
    const [from, to] = [CHAIN[i]?.[0], CHAIN[i - 1]?.[0]];
    const args = JSON.stringify({ from_segment: from, to_segment: to });
    if (s.passes.includes(args)) return `.an-choices button[data-args='${args}']`;
  }
  return undefined;
}

/** The board element to press now, as a selector and a kind; undefined: nothing to press. */
function choose(s: BoardState, active: boolean, k: number): [string, string] | undefined {
  if (s.choices > 0) return [plannedChoice(s) ?? ".an-choices button[data-command]", "choice"];
  if (s.ghosts > 0) return [".an-me .an-ghost", "ghost hex"];
  if (s.chips > 0 && s.chosen === 0) return [".an-me .an-chip:not([disabled])", "supply tile"];
  if (s.phase === "feeding" || s.action) {
    if (s.tiles > 0) return [".an-display button.an-tile", "display tile"];
    if (s.places > 0) return [".an-meadow .an-place", "meadow"];
    if (s.hatcheries > 0) return [".an-hatcheries button", "hatchery"];
    if (s.finish > 0) return ['.an-turnbar button[data-command="finish_action"]', "finish"];
  }
  if (!active || (s.hexes === 0 && s.magnificant === 0))
    return s.end > 0 ? ['.an-turnbar button[data-command="end_turn"]', "end turn"] : undefined;
  if (s.hexes === 0 && s.magnificant > 0)
    // a first tile to build: its hexes give the actions
    return ['.an-turnbar button[data-action="BUILD"]', "magnificANT"];
  if (s.hexes > 0 && (s.magnificant === 0 || k % 3 !== 0))
    return [`.an-me .an-hex >> nth=${k % s.hexes}`, "hex"];
  return [
    `.an-turnbar button[data-command="use_magnific_ant"] >> nth=${k % s.magnificant}`,
    "magnificANT",
  ];
}

let covered = 0; // presses whose target's centre another drawn shape covered

/** Presses the first element the selector names; false when it went away meanwhile (a new view came). */
async function press(page: Page, selector: string): Promise<boolean> {
  // A move on its way makes the board's presses inert for a moment (aria-disabled): wait it out.
  await page.waitForFunction(
    () => !document.querySelector('.an-board [aria-disabled="true"]'),
    null,
    { timeout: 10_000 },
  );
  const before = await signature(page);
  const target = page.locator(selector).first();
  if ((await target.count()) === 0) return false;
  try {
    await target.click({ timeout: 3_000 });
  } catch {
    if ((await target.count()) === 0) return false;
    // An SVG path's centre may lie under a site drawn across it: the press goes to the path itself.
    covered++;
    await target.dispatchEvent("click", undefined, { timeout: 3_000 });
  }
  await changed(page, before);
  return true;
}

/** At a phone's width (390×844) the page goes nowhere sideways; then back to 1280×900. */
async function phone(page: Page, phase: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await assertNoSideways(page, `${phase} at a phone's width`);
  await page.screenshot({ path: artifact(`antics-${phase}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Plays to the end; every new phase checked and photographed. */
async function play(page: Page, names: string[]) {
  const pressed: Record<string, number> = {};
  const phases: Record<string, number> = {};
  const active = Date.now() + ACTIVE_MS;
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl)); // a spectator: the public view
  const game = /#\/(games\/[0-9a-f-]+)/.exec(page.url())?.[1] ?? "";
  const deadline = Date.now() + PLAY_MS;
  const arrivals = () => page.locator(".an-arrived").count();
  assert.equal(await arrivals(), 0, "no ant pops in as the page first draws the meadow");
  let arrived = 0; // ants seen popping in: they came onto a path while the page was open
  for (let step = 0; step < MAX_STEPS && Date.now() < deadline; step++) {
    arrived = Math.max(arrived, await arrivals());
    const s = await boardState(page);
    const phase = phaseOf(s);
    if (phases[phase] === undefined) {
      phases[phase] = await checkPhase(page, phase, names, LANGUAGES);
      await page.screenshot({ path: artifact(`antics-${phase}.png`), fullPage: true });
      if (phase === "actions") await phone(page, phase);
    }
    if (s.over) break;
    if (!s.mine) {
      await page.waitForTimeout(100); // the bot's moves arrive live
      continue;
    }
    const view = (await client.getGame(game)).view as unknown as View;
    const plan = planned(view, s);
    const what =
      plan && (await page.locator(plan[0]).count()) > 0
        ? plan
        : choose(s, Date.now() < active, step);
    if (!what) {
      await page.waitForTimeout(100);
      continue;
    }
    if (await press(page, what[0])) pressed[what[1]] = (pressed[what[1]] ?? 0) + 1;
  }
  assert.ok(arrived > 0, "ants that come onto a path pop in on the meadow");
  return { pressed, phases };
}

/** The end screen: the reason, every seat placed, and the Antics! breakdown adding up to its totals. */
async function checkEnd(page: Page, names: string[]) {
  const result = page.getByTestId("result");
  await result.waitFor();
  const rows = await result.locator("tbody tr").allTextContents();
  assert.equal(rows.length, 2, "both seats are placed");
  const breakdown = page.getByTestId("an-final");
  await breakdown.waitFor();
  const seats = await breakdown.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({
      leaves: Number.parseInt(tr.querySelector('[data-testid="an-leaves"]')?.textContent ?? "", 10),
      prey: Number.parseInt(tr.querySelector('[data-testid="an-prey"]')?.textContent ?? "", 10),
      total: Number(tr.querySelector('[data-testid="an-total"]')?.textContent),
    })),
  );
  assert.equal(seats.length, 2);
  for (const seat of seats) assert.equal(seat.leaves + seat.prey, seat.total, JSON.stringify(seat));
  const scores = await result
    .locator("tbody tr td:nth-child(3)")
    .allTextContents()
    .then((t) => t.map(Number).sort());
  assert.deepEqual(
    scores,
    seats.map((s) => s.total).sort(),
    "the end screen's scores are the breakdown's totals",
  );
  assert.match((await page.getByTestId("an-hidden").textContent()) ?? "", /pytlík/);
  const rules = (await breakdown.textContent()) ?? "";
  assert.match(rules, /druhou mocninu/, "the prey rule: kinds squared");
  assert.match(rules, /Při shodě vyhrává hráč s vyšším mraveništěm/, "the tie rule");
  for (const name of names) assert.match((await result.textContent()) ?? "", new RegExp(name));
  return { seats, rows };
}

test("a person plays a whole game of Antics! against a bot by clicking on the board", async () => {
  const started = Date.now();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "cs-CZ",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const names = await createGame(page, server.webUrl);
  assert.equal(await page.getAttribute("html", "lang"), "cs");
  const { pressed, phases } = await play(page, names);
  const s = await boardState(page);
  assert.ok(s.over, `the game ended: ${JSON.stringify({ pressed, phases })}`);
  assert.equal(
    await page.locator(".commands button[data-command]").count(),
    0,
    "the list of moves was never opened",
  );
  for (const kind of ["hex", "display tile", "end turn"])
    assert.ok((pressed[kind] ?? 0) > 0, `pressed a ${kind}: ${JSON.stringify(pressed)}`);
  const end = await checkEnd(page, names);
  // A hill wider than its panel scrolls sideways and is then a Tab stop of its own (and only then).
  const hills = await page.locator(".an-hill .an-scroll").evaluateAll((boxes) =>
    boxes.map((b) => ({
      scrolls: b.scrollWidth > b.clientWidth + 1,
      focusable: b.tabIndex === 0,
    })),
  );
  for (const hill of hills) assert.equal(hill.focusable, hill.scrolls, JSON.stringify(hills));
  for (const language of ["el", "pl", "cs"]) {
    await setLanguage(page, language);
    await checkPhase(page, `the end (${language})`, names, [language], language === "cs");
    await page.screenshot({ path: artifact(`antics-end-${language}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await assertNoSideways(page, "the end at a phone's width");
  await page.screenshot({ path: artifact("antics-end-phone.png"), fullPage: true });
  console.log(
    `antics by clicks: ${Math.round((Date.now() - started) / 1000)} s; pressed ${JSON.stringify(pressed)}; ` +
      `phases (page height) ${JSON.stringify(phases)}; end ${JSON.stringify(end)}; covered ${covered}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});
