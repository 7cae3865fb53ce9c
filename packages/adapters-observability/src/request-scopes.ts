import { AsyncLocalStorage } from 'node:async_hooks';
import type { Breadcrumb } from '@idv/core';

/** The longest breadcrumb trail a scope keeps (the oldest entries go first). */
export const TRAIL_LENGTH = 20;

/** What one request carries through its async work: its id, the caller once known, its breadcrumbs. */
export interface RequestScope {
  readonly requestId: string | undefined;
  /** Merged into every log line written during the request (built once per request). */
  readonly logFields: Readonly<Record<string, string>>;
  user: string | null;
  readonly breadcrumbs: Breadcrumb[];
}

const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * One AsyncLocalStorage for everything request-scoped (issue #12): the request id that pino adds
 * to each log line, and the error-tracking user and breadcrumbs that a captured defect is sent
 * with (concurrent requests never mix, as with a vendor SDK's per-request scope). One `run` per
 * request, and a log line reads a field object built once.
 *
 * @example
 * const scopes = new RequestScopes();
 * const logger = pino({ mixin: scopes.logFields });
 * await scopes.run('req-1', () => handle(request));
 */
export class RequestScopes {
  private readonly storage = new AsyncLocalStorage<RequestScope>();
  // Work outside any request (start-up, background jobs) shares one scope.
  private readonly fallback: RequestScope = { requestId: undefined, logFields: NO_FIELDS, user: null, breadcrumbs: [] };

  /** Runs `next` in a fresh scope: the given id (none for work that is not a request), no user, no breadcrumbs. */
  run<T>(requestId: string | undefined, next: () => Promise<T>): Promise<T> {
    const logFields = requestId === undefined ? NO_FIELDS : { requestId };
    return this.storage.run({ requestId, logFields, user: null, breadcrumbs: [] }, next);
  }

  /** The current request's scope, or the shared one outside requests. */
  current(): RequestScope {
    return this.storage.getStore() ?? this.fallback;
  }

  /** Adds a breadcrumb to the current trail, dropping the oldest past `TRAIL_LENGTH`. */
  addBreadcrumb(breadcrumb: Breadcrumb): void {
    const trail = this.current().breadcrumbs;
    trail.push(breadcrumb);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  }

  /** For pino's `mixin`: the request's fields (its id), or none. */
  readonly logFields = (): Readonly<Record<string, string>> => this.storage.getStore()?.logFields ?? NO_FIELDS;
}
