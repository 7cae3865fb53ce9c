import { createHash, randomBytes } from 'node:crypto';
import type { AgreementDigests } from '@idv/core';

const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/**
 * Signing-link tokens (256 bits from the system's CSPRNG, base64url) and SHA-256 digests: of a token,
 * to look it up without storing it; of an agreement's text and signature image, as evidence.
 *
 * @example
 * const { token, tokenHash } = createAgreementDigests().issueToken();
 */
export const createAgreementDigests = (): AgreementDigests => ({
  issueToken: () => {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: sha256(token) };
  },
  tokenHash: (token) => sha256(token),
  sha256,
});
