/** An endpoint's signing secret as stored: sealed (JWE `dir`/`A256GCM`, with the key's id). */
export type SealedEndpointSecret = string & { readonly SealedEndpointSecret: unique symbol };

/**
 * Seals endpoint signing secrets (`whsec_…`) at rest with `WEBHOOK_SECRETS_KEY`; they must stay
 * readable, since every delivery is signed with them. Previous keys in
 * `WEBHOOK_SECRETS_DECRYPTION_KEYS` still open what they sealed, so keys rotate.
 */
export interface EndpointSecretVault {
  /**
   * Set when this vault can seal nothing (production without `WEBHOOK_SECRETS_KEY`): why, naming the
   * setting. Creating an endpoint is then refused with it.
   */
  readonly unavailable?: string;
  /** Makes a new secret: `whsec_` and base64 of 32 random bytes. */
  generate(): string;
  /** Seals `secret`, bound to the endpoint it belongs to. */
  seal(endpointId: string, secret: string): Promise<SealedEndpointSecret>;
  /** Opens a sealed secret of `endpointId`; rejects when it fails authentication or names an unknown key. */
  open(endpointId: string, sealed: SealedEndpointSecret): Promise<string>;
}
