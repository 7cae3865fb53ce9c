import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { BotCheck, Logger } from '@idv/core';

/** Cloudflare's siteverify endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** How long siteverify may take before the check fails closed. */
export const TURNSTILE_TIMEOUT_MS = 5_000;

/** Turnstile's longest token: anything longer is refused without asking. */
const MAX_TOKEN_LENGTH = 2048;

/** What siteverify answers (the fields this check reads; the rest is ignored). */
const SiteverifyAnswer = t.intersection([
  t.type({ success: t.boolean }),
  t.partial({ hostname: t.string, action: t.string, 'error-codes': t.array(t.string) }),
]);

/** How the Turnstile check is set up. */
export interface TurnstileOptions {
  /** `TURNSTILE_SECRET_KEY`: the widget's secret key. */
  readonly secretKey: string;
  /** `TURNSTILE_HOSTNAMES`: the site hostnames a challenge may have been solved on. */
  readonly hostnames: readonly string[];
  /** `TURNSTILE_ACTION`: the widget's action the token must carry. */
  readonly action: string;
  /** Where siteverify lives (tests point it at a local server). */
  readonly siteverifyUrl?: string;
  /** Default `TURNSTILE_TIMEOUT_MS`. */
  readonly timeoutMs?: number;
  readonly logger: Logger;
}

/**
 * The core `BotCheck` on Cloudflare Turnstile: each token is sent once to siteverify with the secret
 * and the visitor's address, and passes only when it answers `success` for one of this site's
 * hostnames and this action. Everything else fails closed: a refusal, a network error, a timeout, a
 * non-2xx or non-JSON answer. The reason is logged (never the token or the secret).
 *
 * @example
 * const botCheck = turnstileBotCheck({ secretKey, hostnames: ['gym.example'], action: 'purchase', logger });
 * await botCheck.verify(token, '203.0.113.7'); // true | false
 */
export const turnstileBotCheck = (options: TurnstileOptions): BotCheck => {
  const url = options.siteverifyUrl ?? TURNSTILE_SITEVERIFY_URL;
  const timeoutMs = options.timeoutMs ?? TURNSTILE_TIMEOUT_MS;
  const refuse = (reason: string, detail: Record<string, unknown> = {}): false => {
    options.logger.info({ reason, ...detail }, 'bot check failed');
    return false;
  };
  const ask = async (token: string, remoteAddress: string): Promise<unknown> => {
    const response = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ secret: options.secretKey, response: token, remoteip: remoteAddress }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    return response.json();
  };
  return {
    required: true,
    verify: async (token, remoteAddress) => {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return refuse('malformed-token');
      let body: unknown;
      try {
        body = await ask(token, remoteAddress);
      } catch (error) {
        options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'bot check unavailable; refusing');
        return false;
      }
      const answer = SiteverifyAnswer.decode(body);
      if (E.isLeft(answer)) return refuse('unreadable-answer');
      const { success, hostname, action } = answer.right;
      if (!success) return refuse('not-passed', { codes: answer.right['error-codes'] ?? [] });
      if (hostname === undefined || !options.hostnames.includes(hostname)) return refuse('wrong-hostname', { hostname });
      if (action !== options.action) return refuse('wrong-action', { action });
      return true;
    },
  };
};
