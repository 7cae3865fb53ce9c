import type { Breadcrumb, ErrorTracker, Logger } from '@idv/core';

const TRAIL_LENGTH = 20;

/**
 * An error tracker for deployments without an error-tracking vendor: keeps the latest breadcrumbs
 * and logs captured defects with that trail at error level.
 */
export class LoggingErrorTracker implements ErrorTracker {
  private readonly trail: Breadcrumb[] = [];

  constructor(private readonly logger: Logger) {}

  addBreadcrumb(breadcrumb: Breadcrumb): void {
    this.trail.push(breadcrumb);
    if (this.trail.length > TRAIL_LENGTH) this.trail.shift();
  }

  // Request-scoped user context needs the vendor's scope API; without a vendor there is nothing to set.
  setUser(): void {}

  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void {
    const err = error instanceof Error ? { message: error.message, stack: error.stack } : String(error);
    this.logger.error({ err, context, breadcrumbs: [...this.trail] }, 'captured exception');
  }
}
