// The web app's live latency (`make web-bench`): two people in two browsers play Hare & Tortoise games by
// clicking; for every move, the time from the mover's click to the OTHER browser's page showing the new
// version (its WatchGame stream, the view it then fetches, React drawing it), beside the time to the
// mover's own page (SubmitCommand's answer: the baseline, measured in the same run). Clicks and updates
// are stamped inside the pages (one browser, one clock); prints p50/p95/max and JSON. Loopback only.
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { launch, person, startServer } from "../test/support/browser.ts";
import { moveButtons } from "../test/support/checks.ts";

const MOVES = Number(process.env.MOVES ?? 200); // samples wanted
const MAX_GAMES = 12; // bound: a 2-player game gives ~60 moves
const STEP_TIMEOUT_MS = 15_000;

/** Stamps every click and every change of the version heading, inside the page. (A string: tsx would wrap a
 * function in helpers the page does not have.) */
const INSTRUMENT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__clicks = [];
  window.__versions = [];
  document.addEventListener("click", () => window.__clicks.push(now()), true);
  let last = document.querySelector("h1 .muted")?.textContent ?? "";
  new MutationObserver(() => {
    const text = document.querySelector("h1 .muted")?.textContent ?? "";
    if (text !== last) {
      last = text;
      window.__versions.push({ text, at: now() });
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function instrument(page: Page): Promise<void> {
  await page.evaluate(INSTRUMENT);
}

async function newGame(alice: Page, bob: Page, url: string): Promise<void> {
  await alice.goto(`${url}/`);
  await alice.getByRole("radio", { name: /Hare & the Tortoise/ }).check();
  await alice.getByLabel("Number of players").selectOption("2");
  await alice.getByLabel("Who plays Bot 1").selectOption("friend");
  await alice.getByRole("button", { name: "Create game" }).click();
  const invite = await alice.getByLabel("Invite link for Player 2").inputValue();
  await alice.getByRole("link", { name: "Go to the table" }).click();
  await bob.goto(invite);
  for (const p of [alice, bob]) {
    await p.waitForSelector(".ht-board");
    await instrument(p);
  }
}

async function mine(page: Page): Promise<boolean> {
  return ((await page.getByTestId("turn").textContent()) ?? "").includes("Your turn");
}

async function over(page: Page): Promise<boolean> {
  return ((await page.getByTestId("turn").textContent()) ?? "").includes("over");
}

/** The first stamp of `page` showing a version other than `before`, after `since`. */
async function updatedAt(page: Page, before: string, since: number): Promise<number> {
  // A function, not a string: the page's Content-Security-Policy refuses to eval a string predicate.
  const handle = await page.waitForFunction(
    ({ since, before }) =>
      (window as unknown as { __versions: { at: number; text: string }[] }).__versions.find(
        (v) => v.at >= since && v.text !== before,
      )?.at ?? false,
    { since, before },
    { timeout: STEP_TIMEOUT_MS, polling: 20 },
  );
  return (await handle.jsonValue()) as number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launch();
  const other: number[] = [];
  const own: number[] = [];
  try {
    const [a, b] = [await person(browser), await person(browser)];
    for (let game = 0; game < MAX_GAMES && other.length < MOVES; game++) {
      await newGame(a.page, b.page, server.webUrl);
      for (let step = 0; step < 400 && other.length < MOVES; step++) {
        if ((await over(a.page)) && (await over(b.page))) break;
        const mover = (await mine(a.page)) ? a.page : (await mine(b.page)) ? b.page : undefined;
        if (mover === undefined) {
          await sleep(20);
          continue;
        }
        const watcher = mover === a.page ? b.page : a.page;
        const before = {
          mover: (await mover.locator("h1 .muted").textContent()) ?? "",
          watcher: (await watcher.locator("h1 .muted").textContent()) ?? "",
        };
        const moves = await moveButtons(mover); // the list is folded away until opened
        await moves.first().click();
        const clicked = (await mover.evaluate("window.__clicks.at(-1) ?? 0")) as number;
        own.push((await updatedAt(mover, before.mover, clicked)) - clicked);
        other.push((await updatedAt(watcher, before.watcher, clicked)) - clicked);
      }
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
  const summary = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return {
      moves: s.length,
      p50_ms: quantile(s, 0.5),
      p95_ms: quantile(s, 0.95),
      max_ms: s.at(-1) ?? 0,
    };
  };
  const result = {
    other_browser: summary(other),
    own_page: summary(own),
    ratio_p50: summary(other).p50_ms / summary(own).p50_ms,
  };
  const f = (x: number) => x.toFixed(1).padStart(7);
  console.log("click -> page update, two browsers on loopback (Hare & Tortoise, 2 players)");
  console.log(`${"".padEnd(34)}moves   p50 ms  p95 ms  max ms`);
  for (const [name, s] of [
    ["the other browser (WatchGame)", result.other_browser],
    ["the mover's own page (baseline)", result.own_page],
  ] as const) {
    console.log(
      `${name.padEnd(34)}${String(s.moves).padStart(5)}${f(s.p50_ms)}${f(s.p95_ms)}${f(s.max_ms)}`,
    );
  }
  console.log(
    `other / own at p50: ${result.ratio_p50.toFixed(2)}x; bar (issue 29): the other browser's p95 <= 38 ms`,
  );
  console.log(JSON.stringify(result));
}

await main();
