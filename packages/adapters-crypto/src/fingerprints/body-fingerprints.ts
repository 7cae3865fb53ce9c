import { createHmac } from 'node:crypto';
import type { BodyFingerprints } from '@idv/core';

/** At least this many bytes of secret: the fingerprint of a guessable body must not be guessable without it. */
const MIN_SECRET_BYTES = 32;

/**
 * Body fingerprints as HMAC-SHA256 (base64url) under a server secret: two requests are compared
 * without keeping either body, and a kept fingerprint reveals nothing to someone without the secret.
 *
 * @example
 * const fingerprints = createBodyFingerprints(randomBytes(32));
 * fingerprints.fingerprint(fingerprintText(body, ['card', 'nationalId']));
 */
export const createBodyFingerprints = (secret: Uint8Array): BodyFingerprints => {
  if (secret.byteLength < MIN_SECRET_BYTES) throw new Error(`a body fingerprint secret needs at least ${MIN_SECRET_BYTES} bytes`);
  const key = Buffer.from(secret);
  return { fingerprint: (text) => createHmac('sha256', key).update(text, 'utf8').digest('base64url') };
};
