// Debian's Chromium, headless, driven by playwright-core (never a downloaded browser), against a real
// playledger-server that serves the built web app (dist/) on its web port.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { PlayLedgerServer } from "../../../ts/test/support/server.ts";
import { WEB } from "./paths.ts";

export { WEB };
export const ARTIFACTS = join(WEB, "test-results");
export const CHROMIUM = process.env.PLAYLEDGER_CHROMIUM ?? "/usr/bin/chromium";
export const ORGANIZER = "e2e-organizer-secret";

export async function startServer(): Promise<PlayLedgerServer> {
  return PlayLedgerServer.start({
    web: true,
    organizerToken: ORGANIZER,
    extraArgs: ["--web-root", join(WEB, "dist")],
  });
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: the browser tests drive Debian's chromium (apt-get install chromium)`,
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // No network but loopback here: without these Chromium keeps calling home and failing.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh context (its own localStorage: one "person") with a page, failing the test on page errors. */
export async function person(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

export function artifact(name: string): string {
  return join(ARTIFACTS, name);
}
