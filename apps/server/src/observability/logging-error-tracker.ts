import type { Breadcrumb, ErrorTracker, Logger } from '@idv/core';
import { RequestScopes } from '@idv/adapters-observability';

/**
 * An error tracker for deployments without an error-tracking vendor. Like a vendor SDK's
 * per-request scope, each request keeps its own user and breadcrumbs (concurrent requests never
 * mix), and a captured defect is logged at error level with that context.
 */
export class LoggingErrorTracker implements ErrorTracker {
  constructor(
    private readonly logger: Logger,
    private readonly scopes: RequestScopes = new RequestScopes(),
  ) {}

  /** Runs `next` with a fresh scope: its own user and breadcrumbs (and no request id). */
  scope<T>(next: () => Promise<T>): Promise<T> {
    return this.scopes.run(undefined, next);
  }

  addBreadcrumb(breadcrumb: Breadcrumb): void {
    this.scopes.addBreadcrumb(breadcrumb);
  }

  setUser(idpUserId: string | null): void {
    this.scopes.current().user = idpUserId;
  }

  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void {
    const { user, breadcrumbs } = this.scopes.current();
    const err = error instanceof Error ? { message: error.message, stack: error.stack } : String(error);
    this.logger.error({ err, context, idpUser: user, breadcrumbs: [...breadcrumbs] }, 'captured exception');
  }
}
