import type { AgreementDigests, IssuedLinkToken } from '../agreements/ports/agreement-digests.js';

// FNV-1a, spread over 64 hex digits: deterministic and readable in tests, no cryptography.
const digest = (data: Uint8Array | string): string => {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let out = '';
  for (let round = 0; round < 8; round += 1) {
    let hash = 0x811c9dc5 ^ round;
    for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    out += hash.toString(16).padStart(8, '0');
  }
  return out;
};

/** Digests without cryptography: tokens `tok-1`, `tok-2`, … and a stable 64-hex-digit digest. */
export class FakeAgreementDigests implements AgreementDigests {
  private issued = 0;

  issueToken(): IssuedLinkToken {
    this.issued += 1;
    const token = `tok-${this.issued}`;
    return { token, tokenHash: digest(token) };
  }

  tokenHash(token: string): string {
    return digest(token);
  }

  sha256(data: Uint8Array | string): string {
    return digest(data);
  }
}
