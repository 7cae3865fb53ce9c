/** A fresh signing-link token and the SHA-256 stored in its place. */
export interface IssuedLinkToken {
  /** 256 random bits, base64url: given once, never stored. */
  readonly token: string;
  readonly tokenHash: string;
}

/** Randomness and hashing for agreements: core compares hashes, it never makes them (ARCHITECTURE §3). */
export interface AgreementDigests {
  /** A new signing-link token (256 random bits) and its SHA-256. */
  issueToken(): IssuedLinkToken;
  /** The SHA-256 of a token as presented (lowercase hex), to look it up. */
  tokenHash(token: string): string;
  /** The SHA-256 of bytes or of a text's UTF-8 (lowercase hex). */
  sha256(data: Uint8Array | string): string;
}
