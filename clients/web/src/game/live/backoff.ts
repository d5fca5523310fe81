// How soon the page tries the server again, by how long it has been failing: quickly at first (a restart
// takes seconds, and the next move should show within moments of the server's return), then every few
// seconds for as long as the page stays open. Jittered, so pages cut off together do not return together.

export function reconnectDelayMs(failingForMs: number, random: () => number = Math.random): number {
  if (failingForMs < 2_000) return 150 + 100 * random();
  if (failingForMs < 60_000) return 500 + 400 * random();
  return 3_000 + 2_000 * random();
}

/** Resolves after ms, or at once (quietly) when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
