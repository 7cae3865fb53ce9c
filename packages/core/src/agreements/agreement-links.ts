import type { AgreementsPorts } from './agreement-ports.js';
import { signingLink } from './agreement-settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link as answered once: the URL with its token, and when it expires. */
export interface IssuedLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/**
 * Issues a new signing link for an agreement (inside its unit of work): a fresh 256-bit token whose
 * SHA-256 alone is stored; every earlier open link of the agreement stops working.
 */
export const issueLink = async (
  ports: Pick<AgreementsPorts, 'agreementDigests' | 'agreementSettings' | 'agreements'>,
  agreementId: string,
  at: Date,
): Promise<IssuedLink> => {
  const { token, tokenHash } = ports.agreementDigests.issueToken();
  const expiresAt = new Date(at.getTime() + ports.agreementSettings.linkTtlDays * DAY_MS);
  await ports.agreements.issueLink({ agreementId, tokenHash, issuedAt: at, expiresAt, usedAt: null, revokedAt: null });
  return { url: signingLink(ports.agreementSettings, token), expiresAt };
};
