import type { IncidentError, IncidentKind } from '@idv/core';

/** Why a call to the provider's admin API failed. */
export type IdentityProviderFailure = 'http' | 'timeout' | 'network' | 'invalid-body';

/** What is known about a failed admin API call (never the secret key, never a raw body). */
export interface IdentityProviderErrorDetails {
  /** The port method, e.g. `getUser`. */
  readonly operation: string;
  readonly failure: IdentityProviderFailure;
  /** HTTP status; `undefined` when no response arrived. */
  readonly status?: number;
  /** The provider's first error code, e.g. `too_many_requests`. */
  readonly code?: string;
  /** From `Retry-After` on a 429. */
  readonly retryAfterSeconds?: number;
}

/** A provider admin API call failed: a defect for the core (outage, rate limit, unexpected answer). */
export class IdentityProviderError extends Error implements IncidentError {
  readonly operation: string;
  /** No answer, or a 5xx: the provider is away, one incident however many requests meet it. */
  readonly incident: IncidentKind | undefined;
  readonly failure: IdentityProviderFailure;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, details: IdentityProviderErrorDetails) {
    super(message);
    this.name = 'IdentityProviderError';
    this.operation = details.operation;
    this.failure = details.failure;
    this.status = details.status;
    this.code = details.code;
    this.retryAfterSeconds = details.retryAfterSeconds;
    const away =
      details.failure === 'network' || details.failure === 'timeout' || (details.failure === 'http' && (details.status ?? 0) >= 500);
    this.incident = away ? 'provider-unavailable' : undefined;
  }
}
