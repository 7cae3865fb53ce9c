/** The key set could not be fetched or read, so the token was never judged. */
export class JwksUnavailable extends Error {
  constructor(cause: unknown) {
    super('JWKS unavailable', { cause });
    this.name = 'JwksUnavailable';
  }
}

/**
 * The token's `kid` is not in a key set fetched before this token arrived, and the cooldown forbids
 * a refetch yet: the provider may have rotated its key since, so the token was never judged.
 */
export class JwksCoolingDown extends Error {
  constructor(cause: unknown) {
    super('JWKS may be stale: unknown kid during the refetch cooldown', { cause });
    this.name = 'JwksCoolingDown';
  }
}
