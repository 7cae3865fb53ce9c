/** The key set could not be fetched or read, so the token was never judged. */
export class JwksUnavailable extends Error {
  constructor(cause: unknown) {
    super('JWKS unavailable', { cause });
    this.name = 'JwksUnavailable';
  }
}
