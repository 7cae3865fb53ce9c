import { AsyncLocalStorage } from 'node:async_hooks';
import type { Breadcrumb, ErrorTracker, Logger } from '@idv/core';

const TRAIL_LENGTH = 20;

interface Scope {
  user: string | null;
  readonly breadcrumbs: Breadcrumb[];
}

/**
 * An error tracker for deployments without an error-tracking vendor. Like a vendor SDK's
 * per-request scope, each request keeps its own user and breadcrumbs (concurrent requests never
 * mix), and a captured defect is logged at error level with that context.
 */
export class LoggingErrorTracker implements ErrorTracker {
  private readonly scopes = new AsyncLocalStorage<Scope>();
  // Work outside any request (start-up, background jobs) shares one scope.
  private readonly fallback: Scope = { user: null, breadcrumbs: [] };

  constructor(private readonly logger: Logger) {}

  /** Runs `next` with a fresh scope: its own user and breadcrumbs. */
  scope<T>(next: () => Promise<T>): Promise<T> {
    return this.scopes.run({ user: null, breadcrumbs: [] }, next);
  }

  addBreadcrumb(breadcrumb: Breadcrumb): void {
    const trail = this.current().breadcrumbs;
    trail.push(breadcrumb);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  }

  setUser(idpUserId: string | null): void {
    this.current().user = idpUserId;
  }

  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void {
    const { user, breadcrumbs } = this.current();
    const err = error instanceof Error ? { message: error.message, stack: error.stack } : String(error);
    this.logger.error({ err, context, idpUser: user, breadcrumbs: [...breadcrumbs] }, 'captured exception');
  }

  private current(): Scope {
    return this.scopes.getStore() ?? this.fallback;
  }
}
