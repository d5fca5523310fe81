// Retries bounded by time (and optionally by a count), with capped exponential
// backoff and full jitter (so clients that failed together do not come back together).
import { Code } from "@connectrpc/connect";

export interface RetryPolicy {
  /** Tries in all at most, the first included (1 = never retry; Infinity: as many as `forMs` allows). */
  attempts: number;
  /** Keep retrying for this long after the first failure (in a row), then give up. */
  forMs: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** Codes worth another try. Only safe for idempotent calls (reads, submit with its request_id). */
  retryOn: readonly Code[];
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: Number.POSITIVE_INFINITY,
  forMs: 30_000,
  initialDelayMs: 100,
  maxDelayMs: 2000,
  retryOn: [Code.Unavailable],
};

/**
 * A watch resumes after any transient failure: the server went away (Unavailable), its connection was
 * reset mid-stream (Internal, Unknown), or the stream was cancelled under us (Canceled; never when the
 * caller's own signal aborted), for as long as two minutes of failing in a row.
 */
export const DEFAULT_WATCH_RETRY: RetryPolicy = {
  attempts: Number.POSITIVE_INFINITY,
  forMs: 120_000,
  initialDelayMs: 100,
  maxDelayMs: 2000,
  retryOn: [Code.Unavailable, Code.Internal, Code.Unknown, Code.Canceled],
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
