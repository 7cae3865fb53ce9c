import { generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { newId } from '../support/ids.js';

const generateRsa = promisify(generateKeyPair);

/** One RSA-2048 signing key; its `kid` is an instance id `ins_…`. */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

/** A public key as served in the JWKS. */
export interface PublicJwk {
  readonly use: 'sig';
  readonly kty: 'RSA';
  readonly kid: string;
  readonly alg: 'RS256';
  readonly n: string;
  readonly e: string;
}

const createKey = async (kid: string): Promise<SigningKey> => {
  // RSA-2048 with e=65537: the SDK's networkless PEM path only understands that shape.
  const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  return { kid, privateKey, publicKey };
};

/** The signing keys: the newest signs, every older one keeps being published after a rotation. */
export class KeyRing {
  private constructor(private keys: SigningKey[]) {}

  /** Creates a ring holding one fresh key. */
  static async create(kid: string = newId('ins')): Promise<KeyRing> {
    return new KeyRing([await createKey(kid)]);
  }

  /** The key that signs new tokens. */
  current(): SigningKey {
    return this.keys[0] as SigningKey;
  }

  /** Adds a new current key and returns its kid; older public keys stay in the JWKS. */
  async rotate(): Promise<string> {
    const key = await createKey(newId('ins'));
    this.keys = [key, ...this.keys];
    return key.kid;
  }

  /** The JWKS document, newest key first. */
  jwks(): { keys: PublicJwk[] } {
    return {
      keys: this.keys.map(({ kid, publicKey }) => {
        const { n, e } = publicKey.export({ format: 'jwk' });
        return { use: 'sig', kty: 'RSA', kid, alg: 'RS256', n: n as string, e: e as string };
      }),
    };
  }

  /** The SPKI PEM of the current key (or of `kid`), for networkless verification. */
  publicKeyPem(kid?: string): string | undefined {
    const key = kid === undefined ? this.current() : this.keys.find((k) => k.kid === kid);
    return key?.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }
}
