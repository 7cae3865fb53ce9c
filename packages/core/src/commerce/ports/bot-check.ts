/**
 * Tells a person's browser from a script: the token a challenge widget (Cloudflare Turnstile, or the
 * local stand-in) gave the page is checked once, with the address that sent it.
 */
export interface BotCheck {
  /** Whether this deployment checks at all (a key is configured, or the local stand-in is on). */
  readonly required: boolean;
  /**
   * True when `token` proves a person passed the challenge for this site and action. Anything else is
   * false, an unreachable or confused verifier included: the check fails closed.
   */
  verify(token: string, remoteAddress: string): Promise<boolean>;
}

/** No bot check: purchases need no token (no key configured, no stand-in). */
export const NO_BOT_CHECK: BotCheck = {
  required: false,
  verify: () => Promise.resolve(true),
};
