import { createHash } from 'node:crypto';
import type { Logger, RateLimiter } from '@idv/core';
import { failure, type Reply } from '../edge/reply.js';
import { lenientConsume } from './failure-budget.js';

/** How a signing link's refusals are counted: by token, so one link cannot be hammered. */
export interface AgreementLinkBudget {
  /** Runs `answer` unless the token is over its budget (429 `RateLimited`); a refusal spends one point. */
  guard(token: string, path: string, answer: () => Promise<Reply>): Promise<Reply>;
}

/** Refusals that spend a token's budget: it does not open, or what was posted with it was refused. */
const COUNTED = new Set([400, 404, 410]);

/**
 * The per-token failure budget of the public signing routes (`/forms/:token*`, `/sign/:token`), over
 * the shared failure-budget limiter: keyed by the SHA-256 of the token (never the token), only
 * refusals spend it, and a token over budget is refused with 429 and `Retry-After` before anything is
 * looked up. Without a limiter, nothing is counted. A limiter that fails lets the request through.
 *
 * @example
 * const budget = agreementLinkBudget(limiter, logger);
 * return budget.guard(token, path, () => answer());
 */
export const agreementLinkBudget = (limiter: RateLimiter | undefined, logger: Logger): AgreementLinkBudget => {
  if (limiter === undefined) return { guard: (_token, _path, answer) => answer() };
  const ask = lenientConsume(limiter, logger, 'agreement link');
  return {
    guard: async (token, path, answer) => {
      const key = createHash('sha256').update(token).digest('hex');
      const standing = await ask(key, 0, path);
      if (!standing.allowed)
        return failure({
          _tag: 'RateLimited',
          message: 'Too many failed attempts with this link',
          retryAfterSeconds: standing.retryAfterSeconds,
        });
      const reply = await answer();
      if (COUNTED.has(reply.status)) await ask(key, 1, path);
      return reply;
    },
  };
};
