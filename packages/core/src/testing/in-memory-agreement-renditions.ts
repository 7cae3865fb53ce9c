import * as O from 'fp-ts/lib/Option.js';
import type { AgreementRendition, AgreementRenditions } from '../agreements/ports/agreement-renditions.js';

/** The AgreementRenditions port in memory: one rendition per agreement and SHA-256, the first kept. */
export class InMemoryAgreementRenditions implements AgreementRenditions {
  private readonly rows = new Map<string, AgreementRendition>();

  async record(rendition: AgreementRendition): Promise<void> {
    const key = `${rendition.agreementId} ${rendition.sha256}`;
    if (!this.rows.has(key)) this.rows.set(key, rendition);
  }

  async find(agreementId: string, sha256: string): Promise<O.Option<AgreementRendition>> {
    return O.fromNullable(this.rows.get(`${agreementId} ${sha256}`));
  }

  /** Every rendition kept, for assertions. */
  all(): readonly AgreementRendition[] {
    return [...this.rows.values()];
  }
}
