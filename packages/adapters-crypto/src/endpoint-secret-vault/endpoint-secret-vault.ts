import { randomBytes } from 'node:crypto';
import type { EndpointSecretVault, SealedEndpointSecret } from '@idv/core';
import { openCompact, sealCompact, sealedHeaderOf } from '../sealing/compact-seal.js';
import { sealingKey } from '../sealing/sealing-key.js';
import type { SealingKey, SealingPurpose } from '../sealing/sealing-key.js';

/** Options of {@link createEndpointSecretVault}: key values as configured (see `sealingKey` for the format). */
export interface EndpointSecretVaultOptions {
  /** `WEBHOOK_SECRETS_KEY`: seals every new secret and opens what it sealed. */
  readonly currentKey: string;
  /** `WEBHOOK_SECRETS_DECRYPTION_KEYS`: retired keys, kept only to open secrets sealed before a rotation. */
  readonly previousKeys?: readonly string[];
}

/** Why an endpoint secret cannot be sealed or opened. A defect (the data is ours); it never carries a secret or a key. */
export class EndpointSecretVaultError extends Error {
  override readonly name = 'EndpointSecretVaultError';
}

// Fixed, naming this purpose only: a passphrase also used for national IDs gives an unrelated key here.
const ENDPOINT_SECRET_KEYS: SealingPurpose = {
  keyName: 'a webhook secrets key',
  hkdfSalt: 'idv/endpoint-secret-vault/v1',
  hkdfInfo: 'WEBHOOK_SECRETS_KEY A256GCM dir',
};

// Standard Webhooks: `whsec_` and the base64 of the signing key (24 to 64 bytes).
const SECRET = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/** A new endpoint signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export const generateEndpointSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The key id that a `WEBHOOK_SECRETS_KEY` value seals with (safe to log: it is not the key). */
export const endpointSecretKeyId = (value: string): string => sealingKey(value, ENDPOINT_SECRET_KEYS).kid;

/**
 * Endpoint signing secrets sealed as compact JWE (`alg: dir`, `enc: A256GCM`), with a `kid` header
 * naming the key and a `sub` header naming the endpoint, both authenticated: a sealed secret copied to
 * another endpoint's row does not open there. Seals with the current key; opens with whichever
 * configured key the `kid` names, so `WEBHOOK_SECRETS_KEY` rotates as the national-ID key does.
 *
 * @example
 * const vault = createEndpointSecretVault({ currentKey: config.webhooks.secretsKey, previousKeys: config.webhooks.secretsDecryptionKeys });
 * const secret = vault.generate();
 * const sealed = await vault.seal(endpointId, secret);
 */
export const createEndpointSecretVault = ({ currentKey, previousKeys = [] }: EndpointSecretVaultOptions): EndpointSecretVault => {
  const keyOf = (value: string) => sealingKey(value, ENDPOINT_SECRET_KEYS);
  const current = keyOf(currentKey);
  const keys = new Map<string, SealingKey>([...previousKeys.map(keyOf), current].map((key) => [key.kid, key]));

  const seal = async (endpointId: string, secret: string): Promise<SealedEndpointSecret> => {
    if (!SECRET.test(secret)) throw new EndpointSecretVaultError('an endpoint secret must be whsec_ followed by base64');
    return (await sealCompact(secret, current, endpointId)) as SealedEndpointSecret;
  };

  const open = async (endpointId: string, sealed: SealedEndpointSecret): Promise<string> => {
    const header = sealedHeaderOf(sealed);
    if (header === undefined) throw new EndpointSecretVaultError('sealed endpoint secret is not a dir/A256GCM JWE with a key id');
    if (header.sub !== endpointId) throw new EndpointSecretVaultError('sealed endpoint secret belongs to another endpoint');
    const key = keys.get(header.kid);
    if (key === undefined)
      throw new EndpointSecretVaultError(
        `sealed endpoint secret names an unknown key id ${header.kid}; is its key missing from WEBHOOK_SECRETS_DECRYPTION_KEYS?`,
      );
    const secret = await openCompact(sealed, key);
    if (secret === undefined) throw new EndpointSecretVaultError(`sealed endpoint secret failed authentication with key id ${header.kid}`);
    if (!SECRET.test(secret)) throw new EndpointSecretVaultError('sealed endpoint secret does not hold a whsec_ secret');
    return secret;
  };

  return { generate: generateEndpointSecret, seal, open };
};
