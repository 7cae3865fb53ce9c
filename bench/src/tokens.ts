import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BenchIdentity } from './identity.js';

/** What a minter needs: the signing key and the fixed claims. */
export interface TokenSigner {
  readonly privateKeyPem: string;
  readonly kid: string;
  readonly issuer: string;
  readonly authorizedParty: string;
}

/** One token to mint: the user and a value unique within the run (`jti`). */
export interface TokenOrder {
  readonly sub: string;
  readonly sid: string;
  readonly jti: string;
}

const LIFETIME_SECONDS = 60;
const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Mints session tokens shaped like the provider's (header `alg`, `kid`, `typ: JWT`; claims `azp`, `exp`
 * = +60 s, `iat`, `iss`, `jti`, `nbf`, `sid`, `sub`, `v`). Signed with node:crypto rather than jose's
 * WebCrypto path: the bytes are the same and the unique-token scenario needs tens of thousands per window.
 */
export const tokenMinter = (signer: TokenSigner): ((order: TokenOrder) => string) => {
  const key: KeyObject = createPrivateKey(signer.privateKeyPem);
  const header = base64url({ alg: 'RS256', kid: signer.kid, typ: 'JWT' });
  return ({ sub, sid, jti }) => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      azp: signer.authorizedParty,
      exp: now + LIFETIME_SECONDS,
      iat: now,
      iss: signer.issuer,
      jti,
      nbf: now - 5,
      sid,
      sub,
      v: 2,
    };
    const input = `${header}.${base64url(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
  };
};

/** The signer part of an identity. */
export const signerOf = (identity: BenchIdentity): TokenSigner => ({
  privateKeyPem: identity.privateKeyPem,
  kid: identity.kid,
  issuer: identity.issuer,
  authorizedParty: identity.authorizedParty,
});

/** Mints many tokens on one worker thread per core (RSA signing is ~0.4 ms of CPU each). */
export const mintInParallel = async (signer: TokenSigner, orders: readonly TokenOrder[]): Promise<string[]> => {
  const workers = Math.max(1, Math.min(os.availableParallelism(), Math.ceil(orders.length / 2000)));
  const slice = Math.ceil(orders.length / workers);
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, index) => runWorker(signer, orders.slice(index * slice, (index + 1) * slice))),
  );
  return parts.flat();
};

const runWorker = (signer: TokenSigner, orders: readonly TokenOrder[]): Promise<string[]> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mint-worker.js', import.meta.url), { workerData: { signer, orders } });
    worker.once('message', (tokens: string[]) => resolve(tokens));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`token minter exited with ${code}`))));
  });
