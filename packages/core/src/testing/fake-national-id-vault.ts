import type { NationalId, SealedNationalId } from '../identity/national-id.js';
import type { NationalIdVault } from '../identity/ports/national-id-vault.js';

/** A vault that hands out opaque handles instead of ciphertexts; opening anything else rejects like a failed authentication. */
export class FakeNationalIdVault implements NationalIdVault {
  private readonly sealed = new Map<SealedNationalId, NationalId>();

  /** A reversible, readable "seal" (no cryptography). */
  async seal(plain: NationalId): Promise<SealedNationalId> {
    const handle = `sealed.${this.sealed.size + 1}`;
    this.sealed.set(handle, plain);
    return handle;
  }

  async open(sealed: SealedNationalId): Promise<NationalId> {
    const plain = this.sealed.get(sealed);
    if (plain === undefined) throw new Error('national id ciphertext failed authentication');
    return plain;
  }
}
