import { randomBytes } from 'node:crypto';
import type { BotCheck, Clock } from '@idv/core';

/** How long a stand-in token passes, as a Turnstile token does. */
export const LOCAL_TOKEN_TTL_MS = 5 * 60 * 1000;

/** The local stand-in: a bot check whose tokens this process hands out. */
export interface LocalBotCheck extends BotCheck {
  /** A fresh token: passes once, within five minutes. */
  issue(): string;
}

/**
 * A local stand-in for Turnstile, for tests and development (`BOT_CHECK_LOCAL=true`): tokens issued in
 * this process (256 random bits), each passing once and within five minutes, as Turnstile's do. Issued
 * tokens are kept in memory until used or past their time.
 *
 * @example
 * const botCheck = localBotCheck(clock);
 * await botCheck.verify(botCheck.issue(), '127.0.0.1'); // true, then false for the same token
 */
export const localBotCheck = (clock: Clock): LocalBotCheck => {
  const issued = new Map<string, number>();
  const forgetExpired = (now: number): void => {
    for (const [token, expiresAt] of issued) if (expiresAt <= now) issued.delete(token);
  };
  return {
    required: true,
    issue: () => {
      const now = clock.now().getTime();
      forgetExpired(now);
      const token = `local_${randomBytes(32).toString('base64url')}`;
      issued.set(token, now + LOCAL_TOKEN_TTL_MS);
      return token;
    },
    verify: async (token) => {
      const expiresAt = issued.get(token);
      issued.delete(token);
      return expiresAt !== undefined && clock.now().getTime() < expiresAt;
    },
  };
};
