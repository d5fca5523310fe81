// The tournament page over the real server: an organizer creates a tournament of four (Hare & Tortoise,
// turbo, the server's bots at every seat) and pairs round 1; one game is settled by a forfeit ruling
// before the bots end it, the other the bots play out. A player who holds a seat token of the finished
// game opens the page from the navigation: their table this round, the standings with the tie-breaks in
// order and which one separated players level on points, who won, the forfeit as + and − with its reason
// in words, and names, never ids. The forfeited game's own page says the ruling and links to the tournament.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient, LeaderboardService, leaderboards } from "@playledger/client";
import { nodeTransport } from "@playledger/client/node";
import type { Browser, Page } from "playwright-core";
import type { PlayLedgerServer } from "../../ts/test/support/server.ts";
import { artifact, launch, ORGANIZER, person, startServer } from "./support/browser.ts";
import { assertAccessible, assertNoInternalIds, visibleText } from "./support/checks.ts";

const PLAYERS = [
  { id: "pl_ann", name: "Ann" },
  { id: "pl_bob", name: "Bob" },
  { id: "pl_cy", name: "Cy" },
  { id: "pl_di", name: "Di" },
];
const NAME = new Map(PLAYERS.map((p) => [p.id, p.name]));
const REASON = "did not come to the table";
const TIEBREAK: Record<string, string> = {
  buchholz: "Buchholz",
  wins: "games won",
  score_sum: "total score",
};

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

const asOrganizer = { headers: { authorization: `Bearer ${ORGANIZER}` } };

/** A tournament with round 1 paired: its first game left to the bots, the second settled by a forfeit. */
async function playRoundOne() {
  const boards = createClient(LeaderboardService, nodeTransport(server.grpcUrl));
  const made = await boards.createTournament(
    {
      displayName: "Spring Cup",
      rules: "hare-and-tortoise",
      players: PLAYERS,
      options: { variant: "turbo" },
      tableSize: 2,
      bots: { level: "random", thinkMs: 100 },
      actor: "Jane",
    },
    asOrganizer,
  );
  const tournament = made.tournament?.name ?? "";
  const paired = await boards.pairTournamentRound({ tournament, actor: "Jane" }, asOrganizer);
  const [played, forfeited] = paired.games;
  assert.ok(played && forfeited, "round 1 of four players at tables of two has two games");
  const absent = forfeited.playerIds[1] ?? "";
  await boards.recordRuling(
    {
      tournament,
      kind: leaderboards.RulingKind.FORFEIT,
      game: forfeited.game,
      playerId: absent,
      reason: REASON,
      actor: "Jane",
    },
    asOrganizer,
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    const found = await boards.getStandings({ tournament });
    const games = new Map(found.games.map((g) => [g.game, g]));
    if (games.get(played.game)?.state === "finished") {
      assert.equal(
        games.get(forfeited.game)?.state,
        "forfeit",
        "the ruling came before the bots' end",
      );
      return { found, played, forfeited, absent, token: played.seatTokens[0]?.token ?? "" };
    }
    assert.ok(Date.now() < deadline, "the bots finish round 1's game within 3 minutes");
    await sleep(500);
  }
}

/** The text of the round's list item for a game (its first link's name lists its players). */
async function gameItem(page: Page, playerIds: string[]): Promise<string> {
  const names = playerIds.map((p) => NAME.get(p) ?? "").join(" and ");
  const item = page.getByTestId("tournament-game").filter({ hasText: names });
  return ((await item.textContent()) ?? "").replace(/\s+/g, " ");
}

test("the tournament page: your table, standings and tie-breaks, winners, a forfeit with its reason", async () => {
  const { found, played, forfeited, absent, token } = await playRoundOne();
  const { page, errors, context } = await person(browser);
  // This browser holds a seat of the played game (an invite link stores its token), then opens the app.
  const id = played.game.replace("games/", "");
  await page.goto(`${server.webUrl}/#/games/${id}?seat=0&token=${encodeURIComponent(token)}`);
  await page.locator("h1").first().waitFor();
  await page.goto(`${server.webUrl}/#/`);
  await page.getByRole("navigation").getByRole("link", { name: "Tournaments" }).click();
  await page.getByRole("heading", { level: 1, name: "Tournaments" }).waitFor();
  await page.getByTestId("tournaments").getByRole("link", { name: "Spring Cup" }).click();
  await page.getByRole("heading", { level: 1, name: "Spring Cup" }).waitFor();
  await page.getByTestId("standings").waitFor();

  // Your table this round: the held game, finished, linked with the seat.
  const yours = page.getByTestId("your-table");
  await yours.getByRole("heading", { name: "Your table this round" }).waitFor();
  const link = yours.getByRole("link");
  assert.equal(await link.getAttribute("href"), `#/games/${id}?seat=0`);
  assert.match((await link.textContent()) ?? "", /^See your game: \w+ and \w+$/);

  // The tie-breaks stated in order, and the standings in the server's order, by name.
  const order = await page.getByTestId("tiebreaks").locator("li").allTextContents();
  const tiebreaks = found.tournament?.tiebreaks ?? [];
  assert.equal(order.length, tiebreaks.length);
  assert.deepEqual(
    order.map((o) => o.split(":")[0]?.toLowerCase()),
    tiebreaks.map((b) => TIEBREAK[b.key]?.toLowerCase()),
  );
  const rows = page.getByTestId("standings").locator("tbody tr");
  const shown = await rows.locator("th").allTextContents();
  assert.deepEqual(
    shown,
    found.standings.map((s) => NAME.get(s.playerId)),
  );
  // Level on points: which tie-break put each ahead of the next one down (the Standing says).
  const separated = await rows.getByTestId("separated").allTextContents();
  let level = 0;
  for (const [i, s] of found.standings.entries()) {
    const next = NAME.get(found.standings[i + 1]?.playerId ?? "") ?? "";
    if (s.separatedBy === "") {
      assert.equal(separated[i], "");
      continue;
    }
    level += 1;
    const want =
      s.separatedBy === "shared"
        ? `level with ${next} on every tie-break`
        : `ahead of ${next} on ${TIEBREAK[s.separatedBy]}`;
    assert.equal(separated[i], want);
  }
  assert.ok(level > 0, "after one round some players are level on points");

  // The played game: its winner (or a draw), by name.
  const result = found.games.find((g) => g.game === played.game);
  const winners = (result?.places ?? []).flatMap((p, s) =>
    p === 0 ? [NAME.get(played.playerIds[s] ?? "")] : [],
  );
  const playedText = await gameItem(page, played.playerIds);
  assert.ok(
    playedText.includes(winners.length === 2 ? "Draw" : `Winner: ${winners[0]}`),
    playedText,
  );
  // The forfeit: + for the present, − for the absent, and the ruling in words with its reason.
  const present = NAME.get(forfeited.playerIds[0] ?? "");
  const gone = NAME.get(absent);
  const forfeitText = await gameItem(page, forfeited.playerIds);
  assert.ok(forfeitText.includes(`${present} +, ${gone} −`), forfeitText);
  assert.ok(forfeitText.includes(`Won by forfeit: ${present}. Lost by forfeit: ${gone}.`));
  assert.ok(forfeitText.includes(`Forfeit concerning ${gone}: ${REASON} (Jane)`), forfeitText);
  assert.match(
    (await page.getByTestId("rulings").textContent()) ?? "",
    new RegExp(`^Forfeit concerning ${gone}: ${REASON}`),
  );

  // Names, never ids; nothing a player should not read; accessible.
  const text = await visibleText(page);
  assert.ok(!text.includes("pl_"), "no player id on the page");
  assert.ok(!/\b(?:games|tournaments)\/|RULING_KIND/.test(text), text);
  await assertNoInternalIds(page, "the tournament page");
  await assertAccessible(page, "the tournament page");
  await page.screenshot({ path: artifact("tournament.png"), fullPage: true });

  // The forfeited game's own page says the ruling in the same words and leads back to its tournament.
  await page.goto(`${server.webUrl}/#/games/${forfeited.game.replace("games/", "")}`);
  const ruling = page.getByTestId("ruling");
  await ruling.waitFor();
  assert.match(
    (await ruling.textContent()) ?? "",
    new RegExp(`^Forfeit concerning ${gone}: ${REASON}`),
  );
  await assertNoInternalIds(page, "a game ended by a ruling");
  await assertAccessible(page, "a game ended by a ruling");
  await page.screenshot({ path: artifact("tournament-ruled-game.png"), fullPage: true });
  await ruling.getByRole("link", { name: "See the tournament" }).click();
  await page.getByRole("heading", { level: 1, name: "Spring Cup" }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
