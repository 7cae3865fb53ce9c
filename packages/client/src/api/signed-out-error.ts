/** The session is over (second 401, or no token): every pending and later request of that client rejects with it. */
export class SignedOutError extends Error {
  constructor(message = 'signed out', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SignedOutError';
  }
}
