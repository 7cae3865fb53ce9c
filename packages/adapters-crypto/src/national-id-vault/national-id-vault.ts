import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { NationalId } from '@idv/core';
import type { NationalIdVault, SealedNationalId, UserId } from '@idv/core';
import { openCompact, sealCompact, sealedHeaderOf } from '../sealing/compact-seal.js';
import type { SealedHeader } from '../sealing/compact-seal.js';
import { vaultKey } from './vault-key.js';
import type { VaultKey } from './vault-key.js';

/** Options of {@link createNationalIdVault}: key values as configured (see `vaultKey` for the format). */
export interface NationalIdVaultOptions {
  /** `NATIONAL_ID_ENCRYPTION_KEY`: seals every new value and opens what it sealed. */
  readonly currentKey: string;
  /** `NATIONAL_ID_DECRYPTION_KEYS`: retired keys, kept only to open values sealed before a rotation. */
  readonly previousKeys?: readonly string[];
}

/** Why a sealed national ID cannot be opened. A defect (the data is ours); it never carries the value or a key. */
export class NationalIdVaultError extends Error {
  override readonly name = 'NationalIdVaultError';
}

const headerOf = (sealed: SealedNationalId): SealedHeader => {
  const header = sealedHeaderOf(sealed);
  if (header === undefined) throw new NationalIdVaultError('sealed national ID is not a dir/A256GCM JWE with a key id');
  return header;
};

/**
 * National IDs sealed as compact JWE (`alg: dir`, `enc: A256GCM`, random IV, authenticated), with a
 * `kid` header naming the key and a `sub` header naming the user it belongs to. Seals always with
 * the current key; opens with whichever configured key the `kid` names, so rotating is: new value in
 * `NATIONAL_ID_ENCRYPTION_KEY`, old one appended to `NATIONAL_ID_DECRYPTION_KEYS` until
 * `npm run national-ids:reseal` has resealed every row. A value bound to another user opens to
 * None; one sealed before binding (no `sub`) opens for anyone until resealed. An unknown kid, a
 * tampered value or a plaintext that is not a national ID rejects with {@link NationalIdVaultError}.
 *
 * @example
 * const vault = createNationalIdVault({ currentKey: config.nationalIdEncryptionKey, previousKeys: config.nationalIdDecryptionKeys });
 * const sealed = await vault.seal(nationalId);
 */
export const createNationalIdVault = ({ currentKey, previousKeys = [] }: NationalIdVaultOptions): NationalIdVault => {
  const current = vaultKey(currentKey);
  const keys = new Map<string, VaultKey>([...previousKeys.map(vaultKey), current].map((key) => [key.kid, key]));

  // The user id is bound through the protected header (see `sealCompact`), so the stored value stays
  // the compact form every existing row has; a value copied whole still names its own user.
  const seal = (userId: UserId, plain: NationalId): Promise<SealedNationalId> => sealCompact(plain, current, userId);

  const decrypt = async (kid: string, sealed: SealedNationalId): Promise<O.Option<NationalId>> => {
    const key = keys.get(kid);
    if (key === undefined)
      throw new NationalIdVaultError(
        `sealed national ID names an unknown key id ${kid}; is its key missing from NATIONAL_ID_DECRYPTION_KEYS?`,
      );
    const plaintext = await openCompact(sealed, key);
    if (plaintext === undefined) throw new NationalIdVaultError(`sealed national ID failed authentication with key id ${kid}`);
    const decoded = NationalId.decode(plaintext);
    if (E.isLeft(decoded)) throw new NationalIdVaultError('sealed national ID does not hold a national ID');
    return O.some(decoded.right);
  };

  const open = async (userId: UserId, sealed: SealedNationalId): Promise<O.Option<NationalId>> => {
    const { kid, sub } = headerOf(sealed);
    if (sub !== undefined && sub !== userId) return O.none;
    return decrypt(kid, sealed);
  };

  // Another subject than a user (`agreement:<id>`): bound the same way, and never opened unbound.
  const sealFor = (subject: string, plain: NationalId): Promise<SealedNationalId> => sealCompact(plain, current, subject);

  const openFor = async (subject: string, sealed: SealedNationalId): Promise<O.Option<NationalId>> => {
    const { kid, sub } = headerOf(sealed);
    return sub === subject ? decrypt(kid, sealed) : O.none;
  };

  const isCurrent = async (userId: UserId, sealed: SealedNationalId): Promise<boolean> => {
    const { kid, sub } = headerOf(sealed);
    return kid === current.kid && sub === userId;
  };

  return { seal, open, isCurrent, sealFor, openFor };
};
