// A person plays Atiwa against a server bot by clicking on the drawn page: workers onto spaces of the
// action board, cards onto open places, pieces onto fields, the rest from the task bar, through the first
// round's maintenance into round 2. A spectator's page draws the same board from the public view. The
// player aids of issue 29 read only the view: the server's action words parse into their parts, a space
// gains nothing only by what the view shows, and the running score adds up to the server's final totals.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { type Facts, gainsNothing, parseAction } from "../src/games/atiwa/actions.ts";
import { type PlayerView, runningScore } from "../src/games/atiwa/points.ts";
import { artifact, launch, person, startServer } from "./support/browser.ts";
import { moveButtons } from "./support/checks.ts";

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

const MAX_MOVES = 120; // round 1 takes a person ~25 commands; the bound keeps a broken page from looping
const WAIT_MS = 180_000; // for the bot's moves at a person's pace

async function version(page: Page): Promise<string> {
  return (await page.locator("h1 .muted").textContent()) ?? "";
}

async function myTurn(page: Page): Promise<boolean> {
  return ((await page.getByTestId("turn").textContent()) ?? "").includes("Your turn");
}

async function round(page: Page): Promise<number> {
  const text = (await page.locator(".at-status b").first().textContent()) ?? "";
  return Number(/Round (\d+)/.exec(text)?.[1] ?? 0);
}

/** One move by clicking on the board where it belongs; returns what was clicked. */
async function move(page: Page): Promise<string> {
  const before = await version(page);
  let clicked: string;
  const space = page.locator("button.at-space.at-open:not([disabled])");
  const slot = page.locator("button.at-slot:not([disabled])");
  const field = page.locator("button.at-field.at-target:not([disabled])");
  const task = page.locator(".at-taskbar button:not([disabled])");
  if ((await space.count()) > 0) {
    // Prefer a space that gives pieces (the round track) so the later steps have fields to click.
    const round = page.locator(".at-track button.at-space.at-open:not([data-nothing])");
    await ((await round.count()) > 0 ? round : space).first().click();
    const asked = page.locator("dialog.at-confirm[open]");
    if ((await asked.count()) > 0)
      await asked.getByRole("button", { name: "Place anyway" }).click();
    clicked = "space";
  } else if ((await slot.count()) > 0) {
    await slot.first().click();
    clicked = "slot";
  } else if ((await field.count()) > 0) {
    await field.first().click();
    const choice = page.locator(".at-choices button:not([disabled])");
    if ((await choice.count()) > 0) await choice.first().click();
    clicked = "field";
  } else if ((await task.count()) > 0) {
    const doing = page.locator(".at-taskbar button:not([disabled])", {
      hasText: /^Do:|Pay|Draw|Eat/,
    });
    await ((await doing.count()) > 0 ? doing : task).first().click();
    clicked = "task";
  } else {
    await (await moveButtons(page)).first().click();
    clicked = "list";
  }
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    before,
    {
      timeout: 20_000,
    },
  );
  return clicked;
}

/** Every action the server's catalog words (spaces, tiles, the round track) reads back into its parts. */
test("the page reads every action of the server's catalog, none left as bare words", async () => {
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const catalog = (await client.listGameTypes()).find((t) => t.name === "atiwa")?.catalog ?? {};
  const words = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(words)
      : typeof value === "string"
        ? [value]
        : value !== null && typeof value === "object"
          ? Object.values(value).flatMap(words)
          : [];
  const actions = [
    ...Object.values(catalog.spaces as Record<string, { actions: string[] }>).flatMap(
      (s) => s.actions,
    ),
    ...words(catalog.tiles),
    ...words(catalog.below),
    ...words(catalog.round_space),
  ];
  assert.ok(actions.length > 30, `the catalog's actions: ${actions.length}`);
  const unread = actions.filter((a) => parseAction(a).kind === "unknown");
  assert.deepEqual(unread, [], "actions the page could only show in the server's English");
  assert.deepEqual(parseAction("bonus with 4 terrain cards: take 1 gold"), {
    kind: "take",
    items: [["GOLD", 1]],
    bonus: true,
  });
});

test("a space gains nothing only by what the view shows; the view cannot tell a piece's room", () => {
  const facts: Facts = {
    nature: 0,
    gold: 1,
    trees: 0,
    display: ["T04", null, "T09"],
    deck: 30,
    discard: 0,
    stacks: { FARM: 10, TOWN: 0 },
    price: (location, side) =>
      location === "FARM" ? { trees: 2, gold: side === "left" ? 2 : 3 } : { trees: 5, gold: 6 },
  };
  assert.deepEqual(gainsNothing(["take 1 gold per nature symbol"], facts), { why: "nature" });
  assert.equal(gainsNothing(["take 1 gold per nature symbol"], { ...facts, nature: 2 }), undefined);
  assert.deepEqual(gainsNothing(["take displayed terrain 2"], facts), { why: "display" });
  assert.equal(gainsNothing(["take displayed terrain 1"], facts), undefined);
  assert.deepEqual(gainsNothing(["buy a town (left space)"], facts), { why: "stack" });
  assert.deepEqual(gainsNothing(["buy a farm (left space)"], facts), {
    why: "price",
    trees: 2,
    gold: 2,
    haveTrees: 0,
    haveGold: 1,
  });
  assert.equal(
    gainsNothing(["buy a farm (left space)"], { ...facts, trees: 2, gold: 2 }),
    undefined,
  );
  assert.deepEqual(gainsNothing(["pay 2 gold: take 2 goat"], facts), {
    why: "gold",
    gold: 2,
    have: 1,
  });
  // A bonus needs its main action; one action of the space that may gain is enough to ask nothing.
  assert.deepEqual(
    gainsNothing(["draw a terrain card", "bonus with 4 terrain cards: take 1 gold"], {
      ...facts,
      deck: 0,
    }),
    { why: "deck" },
  );
  assert.equal(gainsNothing(["take 1 gold per nature symbol", "train a family"], facts), undefined);
  // Whether a piece finds a free field the view cannot tell: such a space never asks.
  assert.equal(gainsNothing(["take 2 tree + 1 bat + 1 wild"], facts), undefined);
  assert.equal(gainsNothing(["choose 2 bat or 1 wild"], facts), undefined);
});

test("a person plays Atiwa against a server bot by clicking on the drawn board", async () => {
  const { page, errors, context } = await person(browser);
  await page.goto(`${server.webUrl}/`);
  await page.getByRole("radio", { name: /Atiwa/ }).check();
  await page.getByLabel("Number of players").selectOption("2");
  await page.getByLabel("Bot level for Bot 1").selectOption("greedy");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("link", { name: "Go to the table" }).click();
  await page.waitForSelector(".at-board");
  const game = /#\/(games\/[0-9a-f-]+)/.exec(page.url())?.[1];
  assert.ok(game, `a game page: ${page.url()}`);

  // The catalog resolves what a player chooses by: the location spaces show points and costs, the
  // display its cards' names.
  await page.locator(".at-cost").first().waitFor();
  assert.match(
    (await page.locator('[data-space="FA_L"]').textContent()) ?? "",
    /3 points.*2 trees \+ 2 gold/,
  );
  assert.doesNotMatch(
    (await page.locator(".at-display .at-offer strong").first().textContent()) ?? "",
    /^T\d\d$/,
  );

  const clicks: Record<string, number> = {};
  let moves = 0;
  let reached = false;
  // The bot moves at a person's pace; on a busy machine its round takes longer: waits are bounded by time.
  for (const deadline = Date.now() + WAIT_MS; moves < MAX_MOVES && Date.now() < deadline; ) {
    if ((await round(page)) >= 2 && (await myTurn(page)) && (clicks.space ?? 0) >= 4) {
      reached = true;
      break;
    }
    if (!(await myTurn(page))) {
      if (((await page.getByTestId("turn").textContent()) ?? "").includes("over")) break;
      await page.waitForTimeout(150); // the bot is thinking: its moves arrive by WatchGame
      continue;
    }
    const what = await move(page);
    clicks[what] = (clicks[what] ?? 0) + 1;
    moves++;
    if (moves === 2) await page.screenshot({ path: artifact("atiwa-board.png"), fullPage: true });
  }
  assert.ok(reached, `round 2 was not reached: ${JSON.stringify(clicks)}`);
  assert.ok((await round(page)) >= 2, "the first round's maintenance was played through");
  assert.ok(
    (clicks.space ?? 0) >= 3,
    `workers were placed by clicking spaces: ${JSON.stringify(clicks)}`,
  );
  assert.ok(
    (clicks.field ?? 0) >= 1,
    `pieces were placed by clicking fields: ${JSON.stringify(clicks)}`,
  );
  const events = await page.locator('[data-testid="events"] li').allTextContents();
  assert.ok(
    events.some((e) => /place a worker on/.test(e)),
    "events read as sentences",
  );
  assert.ok(
    !events.some((e) => /^[A-Z][a-z]+[A-Z]\w+$/.test(e.trim())),
    `an event without words: ${events}`,
  );
  await page.screenshot({ path: artifact("atiwa-round-2.png"), fullPage: true });

  // A phone's width: the page still draws, the play area scrolls inside its box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact("atiwa-phone.png"), fullPage: false });
  await page.locator(".at-me").screenshot({ path: artifact("atiwa-phone-my-board.png") });

  // A spectator sees the same public board, with no seat of its own and nothing to click.
  const watcher = await person(browser);
  await watcher.page.goto(`${server.webUrl}/#/${game}`);
  await watcher.page.waitForSelector(".at-board");
  assert.equal(await watcher.page.locator(".at-player").count(), 2);
  assert.equal(await watcher.page.locator(".at-me").count(), 0);
  assert.equal(
    await watcher.page.locator("button.at-open, button.at-target, button.at-slot").count(),
    0,
  );
  assert.deepEqual(watcher.errors, []);
  await watcher.context.close();

  assert.deepEqual(errors, []);
  await context.close();
});

test("a whole bot game watched in the browser ends with every seat's score by category", async () => {
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const made = await client.createGame({
    rules: "atiwa",
    players: ["Ama", "Kofi"],
    bots: [
      { seat: 0, level: "greedy", thinkMs: 1 },
      { seat: 1, level: "greedy", thinkMs: 1 },
    ],
  });
  const { page, errors, context } = await person(browser);
  await page.goto(`${server.webUrl}/#/${made.game.name}`);
  await page.waitForSelector(".at-board");
  // ~350 bot moves at a millisecond's think time each, plus their decisions: well within the bound.
  await page.getByTestId("result").waitFor({ timeout: 90_000 });
  const table = (await page.locator(".at-final").textContent()) ?? "";
  for (const category of [
    "Gold",
    "Cards",
    "Supply board",
    "Trained families",
    "Total",
    "Pollution",
  ]) {
    assert.match(table, new RegExp(category), `the final table names ${category}`);
  }
  assert.match(
    (await page.getByTestId("result").textContent()) ?? "",
    /Round 7's breeding is over and the game is scored/,
  );
  await page.screenshot({ path: artifact("atiwa-end.png"), fullPage: false });
  // The running score the page adds up from a seat's view is what the server scores at the end.
  const over = await client.getGame(made.game.name);
  const view = over.view as unknown as {
    players: PlayerView[];
    final: { scores: { total: number }[] };
  };
  assert.deepEqual(
    view.players.map(runningScore),
    view.final.scores.map((s) => s.total),
    "the running score is the final score once nothing changes any more",
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("solo: the running score stands against the goal's points, and the end lists the goal's conditions", async () => {
  const client = new PlayLedgerClient(nodeTransport(server.grpcUrl));
  const made = await client.createGame({
    rules: "atiwa",
    players: ["Ama"],
    options: { challenge: 1 },
    bots: [{ seat: 0, level: "greedy", thinkMs: 1 }],
  });
  const { page, errors, context } = await person(browser);
  await page.goto(`${server.webUrl}/#/${made.game.name}`);
  await page.waitForSelector(".at-score");
  assert.match(
    (await page.locator(".at-score").textContent()) ?? "",
    /of the 100 points the goal needs \(Colony\)/,
  );
  assert.match((await page.locator(".at-status").textContent()) ?? "", /solo: Colony/);
  await page.getByTestId("result").waitFor({ timeout: 90_000 });
  const final = (await page.locator(".at-final").textContent()) ?? "";
  assert.match(final, /Colony: the goal is (not )?met\./);
  assert.match(final, /at least 100 points/);
  assert.match(final, /at least 40 fruit bats/);
  assert.match(
    (await page.getByTestId("result").textContent()) ?? "",
    /the goal of “Colony” is (not )?met/,
  );
  assert.deepEqual(errors, []);
  await context.close();
});
