import type { BodyFingerprints } from '../commerce/ports/body-fingerprints.js';

/** Fingerprints that are the text itself, for tests (the real ones are keyed HMACs, adapters-crypto). */
export const fakeBodyFingerprints: BodyFingerprints = { fingerprint: (text) => `fp:${text}` };
