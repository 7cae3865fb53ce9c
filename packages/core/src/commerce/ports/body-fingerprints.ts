/** Keyed fingerprints of request bodies (HMAC under a server secret), so bodies are compared without being kept. */
export interface BodyFingerprints {
  /** The fingerprint of a body's canonical text (see `fingerprintText`). */
  fingerprint(text: string): string;
}
