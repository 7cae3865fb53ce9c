/** Waits `ms`, or rejects with the signal's reason once it aborts. */
export type Wait = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The default `Wait`: a timer, cleared when the signal aborts. */
export const timerWait: Wait = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted === true) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The `attempt`-th delay (from 0) of a doubling backoff from `initialMs`, capped at `maxMs`. */
export const backoffDelay = (attempt: number, initialMs: number, maxMs: number): number => Math.min(maxMs, initialMs * 2 ** attempt);
