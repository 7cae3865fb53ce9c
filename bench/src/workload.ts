import { deliveryFactory, seededIdpId, sessionIdOf, type DeliveryFactory } from './deliveries.js';
import type { BenchIdentity } from './identity.js';
import { mintInParallel, signerOf, tokenMinter, type TokenOrder, type TokenSigner } from './tokens.js';

/**
 * The run's generators, shared by every server so that nothing repeats within a run: token `jti`s,
 * fresh user ids, and strictly increasing `updated_at` values for `user.updated`.
 */
export interface Workload {
  readonly identity: BenchIdentity;
  readonly deliveries: DeliveryFactory;
  readonly signer: TokenSigner;
  /** Mints one token now (fine for a few hundred). */
  mintOne(idpId: string): string;
  /** Mints one token per user, in parallel, each with a run-unique `jti`. */
  mintMany(idpIds: readonly string[]): Promise<string[]>;
  /** A provider id no server has seen. */
  freshIdpId(): string;
  /** An `updated_at` newer than any sent before. */
  nextUpdatedAt(): number;
  /** The next `count` seeded users, cycling through the seeded range. */
  nextSeeded(count: number, seeded: number): string[];
}

/** Creates the generators for one run. */
export const createWorkload = (identity: BenchIdentity): Workload => {
  const signer = signerOf(identity);
  const mint = tokenMinter(signer);
  let jti = 0;
  let fresh = 0;
  let updatedAt = Date.now();
  let cursor = 0;
  const order = (idpId: string): TokenOrder => ({ sub: idpId, sid: sessionIdOf(idpId), jti: `bench${jti++}` });
  return {
    identity,
    deliveries: deliveryFactory(identity),
    signer,
    mintOne: (idpId) => mint(order(idpId)),
    mintMany: (idpIds) => mintInParallel(signer, idpIds.map(order)),
    freshIdpId: () => `user_new${fresh++}`,
    nextUpdatedAt: () => updatedAt++,
    nextSeeded: (count, seeded) => Array.from({ length: count }, () => seededIdpId(cursor++ % seeded)),
  };
};
