import { createPublicKey } from 'node:crypto';
import { importSPKI } from 'jose';
import type { CryptoKey } from 'jose';
import type { TokenKeys } from './remote-token-keys.js';

const MIN_MODULUS_BITS = 2048;

/** Reads a PEM whose newlines may have been written as the two characters `\n` (env files). */
const normalisePem = (pem: string): string => pem.trim().replace(/\\n/g, '\n');

/** Keys from one RSA public key in SPKI PEM: no network at all. Throws at construction on an unusable key. */
export const pemTokenKeys = (jwtKey: string): TokenKeys => {
  const pem = normalisePem(jwtKey);
  // createPublicKey would also derive a public key from a private PEM; only SPKI imports later.
  if (!pem.startsWith('-----BEGIN PUBLIC KEY-----')) throw new Error('IdP JWT key must be an SPKI PEM public key');
  let details: { type?: string; bits?: number };
  try {
    const key = createPublicKey({ key: pem, format: 'pem' });
    details = { type: key.asymmetricKeyType, bits: key.asymmetricKeyDetails?.modulusLength };
  } catch {
    throw new Error('IdP JWT key is not a valid PEM public key');
  }
  if (details.type !== 'rsa' || (details.bits ?? 0) < MIN_MODULUS_BITS) {
    throw new Error(`IdP JWT key must be an RSA public key of at least ${MIN_MODULUS_BITS} bits`);
  }
  // A WebCrypto key is bound to one algorithm; the allow-list has already vetted `alg` here.
  const imported = new Map<string, Promise<CryptoKey>>();
  // Not an async function: the imported key's promise is handed to jose as it is, with no promise of
  // its own wrapped around it on every new token.
  return (header) => {
    const alg = header.alg ?? '';
    let key = imported.get(alg);
    if (key === undefined) {
      key = importSPKI(pem, alg);
      imported.set(alg, key);
    }
    return key;
  };
};
