// Live play that never drops: the page of a seat keeps its game live across a server restart (killed, then
// started again on the same port and store) and shows the next move within 2 s of the server answering
// again, with no reload. The mover's page moves on from SubmitCommand's own answer alone (its events, legal
// commands and the game with its view: includeGame); no page ever asks ListLegalCommands, and GetGame only
// when it opens or reconnects (settled watch updates carry the game too).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { PlayLedgerClient } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
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

async function shownVersion(page: Page): Promise<number> {
  return Number(((await page.locator("h1 .muted").textContent()) ?? "v0").replace("v", ""));
}

/** The gRPC methods the page called, in order. */
function calls(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const m = /\/playledger\.v1\.GameService\/(\w+)$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) seen.push(m[1]);
  });
  return seen;
}

test("a seat's page rides out a server restart and shows the next move within 2 s", async () => {
  const api = new PlayLedgerClient(nodeTransport(server.grpcUrl), {
    retry: { attempts: 60, initialDelayMs: 50, maxDelayMs: 500 },
  });
  const made = await api.createGame({ rules: "hare-and-tortoise", players: ["Ann", "Bob"] });
  const [ann, bob] = made.seats.map((s) => api.withToken(s.token)) as [
    PlayLedgerClient,
    PlayLedgerClient,
  ];
  const id = made.game.name.replace("games/", "");
  const annToken = made.seats[0]?.token ?? "";

  const { page, errors, context } = await person(browser);
  const called = calls(page);
  await page.goto(`${server.webUrl}/#/games/${id}?seat=0&token=${encodeURIComponent(annToken)}`);
  await page.getByTestId("turn").filter({ hasText: "Your turn" }).waitFor({ timeout: 30_000 });
  await page.getByTestId("connection").filter({ hasText: "Live" }).waitFor();
  const start = await shownVersion(page);

  // The mover's own page: its answer moves it on, with no other call.
  const before = called.length;
  await (await moveButtons(page)).first().click();
  await page.waitForFunction(
    (v) => document.querySelector("h1 .muted")?.textContent !== v,
    `v${start}`,
  );
  await sleep(500);
  const mine = called.slice(before);
  assert.equal(mine.filter((c) => c === "SubmitCommand").length, 1, `the move: ${mine}`);
  assert.equal(mine.filter((c) => c === "GetGame").length, 0, `no read of the view: ${mine}`);
  const atMove = await shownVersion(page);

  // The server dies; the page says so, and keeps trying.
  await server.kill();
  await page
    .getByTestId("connection")
    .filter({ hasText: "Reconnecting" })
    .waitFor({ timeout: 10_000 });
  await page.screenshot({ path: artifact("live-reconnecting.png") });
  await sleep(2_000);
  await server.launch(); // same port, same store
  const back = Date.now();
  const legal = await bob.legalCommands(made.game.name);
  const bet = legal.commands.find((c) => c.commandType === "choose_second_bet");
  assert.ok(bet, "Bob has a second bet to choose");
  const answered = await bob.submit(made.game.name, bet.commandType, bet.args);
  await page.waitForFunction(
    (v) => Number(document.querySelector("h1 .muted")?.textContent?.replace("v", "")) >= v,
    answered.version,
    { timeout: 10_000 },
  );
  const took = Date.now() - back;
  assert.ok(took <= 2_000, `the next move showed ${took} ms after the server was back`);
  assert.ok(answered.version > atMove, "it is a new move");
  await page.getByTestId("connection").filter({ hasText: "Live" }).waitFor({ timeout: 5_000 });
  assert.equal(page.url().includes("token="), false, "no reload brought the token back");
  // The log hears the move from the resumed WatchGame stream, which may land just after the view's read.
  await page
    .waitForFunction(
      () => /Bob/.test(document.querySelector('[data-testid="events"] li')?.textContent ?? ""),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const log = await page.getByTestId("events").locator("li").first().textContent();
  assert.match(log ?? "", /Bob/, `the log tells Bob's move: ${log}`);
  console.log(`the log told Bob's move ${Date.now() - back} ms after the server was back`);
  assert.equal(called.filter((c) => c === "ListLegalCommands").length, 0, "no ListLegalCommands");
  await page.screenshot({ path: artifact("live-after-restart.png") });
  assert.deepEqual(errors, []);
  await context.close();
  void ann;
});
