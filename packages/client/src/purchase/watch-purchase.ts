import { joinApiUrl } from '../api/join-api-url.js';
import { failureOf, type PurchaseFailure, type PurchaseSummary } from './purchase-answers.js';
import { backoffDelay, timerWait, type Wait } from './wait.js';

/** Statuses a purchase never leaves. */
export const TERMINAL_PURCHASE_STATUSES: readonly string[] = ['completed', 'failed', 'expired'];

/** What `GET /public/purchases/:purchaseId` answers: the purchase, what the buyer does next, and whatever else it says. */
export interface PurchaseProgress {
  readonly purchase: PurchaseSummary;
  readonly next: string;
  readonly [more: string]: unknown;
}

/** A status the watch cannot go on from: the purchase is unknown to this token (404) or the token expired (410). */
export class PurchaseWatchError extends Error {
  constructor(readonly failure: PurchaseFailure) {
    super(`watching the purchase failed: ${failure.status} ${failure.code}`);
    this.name = 'PurchaseWatchError';
  }
}

/** How to watch a purchase. */
export interface WatchPurchaseRequest {
  readonly baseUrl: string;
  readonly purchaseId: string;
  readonly statusToken: string;
  /** Stop at any of these statuses too (e.g. `paid`); the terminal ones always stop the watch. */
  readonly until?: readonly string[];
  /** Called with every answer read (a status change, a first signing link, …). */
  readonly onProgress?: (progress: PurchaseProgress) => void;
  /** The first wait between polls (default 1 s), doubling while nothing changes, up to `maxIntervalMs` (default 15 s). */
  readonly intervalMs?: number;
  readonly maxIntervalMs?: number;
  readonly signal?: AbortSignal;
  /** The fetch implementation (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
  /** How to wait between polls (default: a timer). */
  readonly wait?: Wait;
}

/**
 * Follows a purchase (`GET /public/purchases/:purchaseId` with its status token) until it reaches a
 * terminal status (`completed`, `failed`, `expired`) or one of `until`, and answers that status. It
 * polls with backoff: the wait doubles while the status stays the same and starts again when it
 * changes; a network error, a 5xx or a 429 (after its `Retry-After`) is polled again; a 404 or 410
 * rejects `PurchaseWatchError`; an abort rejects with the signal's reason.
 *
 * @example
 * const done = await watchPurchase({ baseUrl, purchaseId: started.purchase.id, statusToken: started.statusToken, until: ['paid'] });
 */
export const watchPurchase = async (request: WatchPurchaseRequest): Promise<PurchaseProgress> => {
  const send = request.fetch ?? fetch;
  const wait = request.wait ?? timerWait;
  const stops = new Set([...TERMINAL_PURCHASE_STATUSES, ...(request.until ?? [])]);
  const url = joinApiUrl(
    request.baseUrl,
    `/public/purchases/${encodeURIComponent(request.purchaseId)}?token=${encodeURIComponent(request.statusToken)}`,
  );
  const initialMs = request.intervalMs ?? 1_000;
  const maxMs = request.maxIntervalMs ?? 15_000;
  let unchanged = 0;
  let lastStatus: string | undefined;
  for (;;) {
    let delayMs = backoffDelay(unchanged, initialMs, maxMs);
    try {
      const response = await send(url, request.signal === undefined ? {} : { signal: request.signal });
      if (response.status === 200) {
        const progress = (await response.json()) as PurchaseProgress;
        request.onProgress?.(progress);
        if (stops.has(progress.purchase.status)) return progress;
        if (progress.purchase.status !== lastStatus) {
          lastStatus = progress.purchase.status;
          unchanged = 0;
          delayMs = initialMs;
        }
      } else {
        const failure = await failureOf(response);
        if (failure.status < 500 && failure.status !== 429) throw new PurchaseWatchError(failure);
        delayMs = Math.max(delayMs, (failure.retryAfterSeconds ?? 0) * 1000);
      }
    } catch (error) {
      if (error instanceof PurchaseWatchError || request.signal?.aborted === true) throw error;
    }
    unchanged += 1;
    await wait(delayMs, request.signal);
  }
};
