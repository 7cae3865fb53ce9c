import type { Option } from 'fp-ts/lib/Option.js';

/** A compliance PDF the service produced: the SHA-256 of its bytes and when it was rendered. */
export interface AgreementRendition {
  readonly agreementId: string;
  /** Lowercase hex. */
  readonly sha256: string;
  readonly renderedAt: Date;
}

/**
 * The SHA-256 of every compliance PDF rendered (`agreement_renditions`). A PDF cannot hold its own
 * hash, so whether a copy is one the service produced is answered from here.
 */
export interface AgreementRenditions {
  /** Keeps a rendition; the same bytes rendered again keep their first time. */
  record(rendition: AgreementRendition): Promise<void>;
  /** The rendition of this agreement with this SHA-256 (lowercase hex). */
  find(agreementId: string, sha256: string): Promise<Option<AgreementRendition>>;
}
