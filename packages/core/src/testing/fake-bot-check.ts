import type { BotCheck } from '../commerce/ports/bot-check.js';

/**
 * A bot check that is on and passes only the tokens it was told to, each once and from the address
 * it was given for, as the real verifiers do (a token is single-use).
 */
export class FakeBotCheck implements BotCheck {
  readonly required = true;
  private readonly passing = new Map<string, string>();

  /** Lets `token` pass once, from `remoteAddress`. */
  allow(token: string, remoteAddress: string): void {
    this.passing.set(token, remoteAddress);
  }

  async verify(token: string, remoteAddress: string): Promise<boolean> {
    const address = this.passing.get(token);
    this.passing.delete(token);
    return address === remoteAddress;
  }
}
