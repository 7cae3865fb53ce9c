import { AsyncLocalStorage } from 'node:async_hooks';
import type { Breadcrumb } from '@idv/core';

/** The longest breadcrumb trail a scope keeps (the oldest entries go first). */
export const TRAIL_LENGTH = 20;

/** What one request carries through its async work: its id, the caller once known, its breadcrumbs. */
export interface RequestScope {
  readonly requestId: string | undefined;
  user: string | null;
  readonly breadcrumbs: Breadcrumb[];
}

/**
 * One AsyncLocalStorage for everything request-scoped (issue #12): the request id that the
 * service logger adds to each log line, and the error-tracking user and breadcrumbs that a captured
 * defect is sent with (concurrent requests never mix, as with a vendor SDK's per-request scope).
 * One `run` per request.
 *
 * @example
 * const scopes = new RequestScopes();
 * await scopes.run('req-1', () => handle(request));
 * scopes.current().requestId; // 'req-1' inside, undefined outside
 */
export class RequestScopes {
  private readonly storage = new AsyncLocalStorage<RequestScope>();
  // Work outside any request (start-up, background jobs) shares one scope.
  private readonly fallback: RequestScope = { requestId: undefined, user: null, breadcrumbs: [] };

  /** Runs `next` in a fresh scope: the given id (none for work that is not a request), no user, no breadcrumbs. */
  run<T>(requestId: string | undefined, next: () => Promise<T>): Promise<T> {
    return this.storage.run({ requestId, user: null, breadcrumbs: [] }, next);
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
}
