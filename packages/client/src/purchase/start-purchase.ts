import { joinApiUrl } from '../api/join-api-url.js';
import { failureOf, type PurchaseFailure, type PurchaseSummary } from './purchase-answers.js';
import { backoffDelay, timerWait, type Wait } from './wait.js';

/** What a visitor sends to buy a plan (the service's `PurchaseBody`). */
export interface PurchaseOrder {
  readonly planId: string;
  readonly email: string;
  readonly name: string;
  readonly locale: string;
  readonly provider: 'iyzico' | 'paytr';
  readonly card?: Readonly<Record<string, string>>;
  readonly payer?: Readonly<Record<string, string>>;
  readonly nationalId?: string;
  /** The token of the page's bot-check challenge, where the service has one on. */
  readonly botCheckToken?: string;
}

/** How to start a purchase. */
export interface StartPurchaseRequest {
  readonly baseUrl: string;
  /** The organization's public slug. */
  readonly slug: string;
  readonly order: PurchaseOrder;
  /**
   * The `Idempotency-Key`: pass the one a previous call answered to send the same purchase again (a new
   * bot-check token after 403, after the wait of a 429); a fresh one is made otherwise.
   */
  readonly idempotencyKey?: string;
  /** A signed-in buyer's token (optional: a member is then told `AlreadyMember` before paying). */
  readonly bearerToken?: string;
  /** Sends at most this many times (default 4): after a network error, a 5xx, or while the first is still answered. */
  readonly attempts?: number;
  /** The first wait between sends (default 500 ms), doubling up to 8 s. */
  readonly retryDelayMs?: number;
  readonly signal?: AbortSignal;
  /** The fetch implementation (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
  /** How to wait between sends (default: a timer). */
  readonly wait?: Wait;
}

/** A started purchase: what the buyer does next, and the token to follow it with. */
export interface StartedPurchase {
  readonly ok: true;
  readonly purchase: PurchaseSummary;
  readonly statusToken: string;
  readonly statusTokenExpiresAt: string;
  readonly payment: { readonly merchantReference: string; readonly threeDsHtmlContent?: string; readonly iframeUrl?: string };
}

/** What `startPurchase` answers: the purchase or the service's refusal, with the key it was sent under. */
export type StartPurchaseResult = (StartedPurchase | PurchaseFailure) & { readonly idempotencyKey: string };

const MAX_RETRY_DELAY_MS = 8_000;

// Worth sending again under the same key: the service did not decide (or is still deciding) this purchase.
const isTransient = (status: number, code: string): boolean => status >= 500 || (status === 409 && code === 'IdempotencyKeyInProgress');

/**
 * Starts a purchase (`POST /public/organizations/:slug/purchases`) under one `Idempotency-Key`, made
 * here unless given, and kept across its own retries: a lost answer, a 5xx or a first request still
 * being answered is sent again with the same key, so the service makes one purchase and one payment
 * however often it is sent. Refusals (403 `BotCheckFailed`, 429 `PurchaseRateLimited`, 409
 * `AlreadyMember`, 4xx) are answered as they are, with the key, for the caller to send again under it.
 *
 * @example
 * const started = await startPurchase({ baseUrl, slug: 'iron-gym', order: { planId, email, name, locale: 'tr-TR', provider: 'paytr', botCheckToken } });
 * if (started.ok) location.assign(started.payment.iframeUrl!);
 * else if (started.code === 'BotCheckFailed') retryWith(started.idempotencyKey);
 */
export const startPurchase = async (request: StartPurchaseRequest): Promise<StartPurchaseResult> => {
  const send = request.fetch ?? fetch;
  const wait = request.wait ?? timerWait;
  const idempotencyKey = request.idempotencyKey ?? globalThis.crypto.randomUUID();
  const url = joinApiUrl(request.baseUrl, `/public/organizations/${encodeURIComponent(request.slug)}/purchases`);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': idempotencyKey };
  if (request.bearerToken !== undefined) headers['authorization'] = `Bearer ${request.bearerToken}`;
  const body = JSON.stringify(request.order);
  const attempts = Math.max(1, request.attempts ?? 4);
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt === attempts - 1;
    let response: Response;
    try {
      response = await send(url, { method: 'POST', headers, body, ...(request.signal === undefined ? {} : { signal: request.signal }) });
    } catch (error) {
      if (last || request.signal?.aborted === true) throw error;
      await wait(backoffDelay(attempt, request.retryDelayMs ?? 500, MAX_RETRY_DELAY_MS), request.signal);
      continue;
    }
    if (response.status === 201) return { ...((await response.json()) as Omit<StartedPurchase, 'ok'>), ok: true, idempotencyKey };
    const failure = await failureOf(response);
    if (last || !isTransient(failure.status, failure.code)) return { ...failure, idempotencyKey };
    const retryAfterMs = (failure.retryAfterSeconds ?? 0) * 1000;
    await wait(Math.max(retryAfterMs, backoffDelay(attempt, request.retryDelayMs ?? 500, MAX_RETRY_DELAY_MS)), request.signal);
  }
};
