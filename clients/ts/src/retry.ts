// Bounded retries with capped exponential backoff and full jitter (so clients
// that failed together do not come back together).
import { Code } from "@connectrpc/connect";

export interface RetryPolicy {
  /** Tries in all, the first included (1 = never retry). */
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** Codes worth another try. Only safe for idempotent calls (reads, submit with its request_id). */
  retryOn: readonly Code[];
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  initialDelayMs: 100,
  maxDelayMs: 2000,
  retryOn: [Code.Unavailable],
};

export function backoffMs(policy: RetryPolicy, retry: number): number {
  const cap = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  return Math.random() * cap;
}

/** Resolves after ms, or rejects at once with the signal's reason when it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
