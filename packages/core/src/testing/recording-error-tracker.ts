import type { Breadcrumb, ErrorTracker } from '../shared/error-tracker.js';

/** An error tracker that keeps breadcrumbs, the current user and captured errors. */
export class RecordingErrorTracker implements ErrorTracker {
  readonly breadcrumbs: Breadcrumb[] = [];
  readonly captured: unknown[] = [];
  user: string | null = null;

  addBreadcrumb(breadcrumb: Breadcrumb): void {
    this.breadcrumbs.push(breadcrumb);
  }
  setUser(idpUserId: string | null): void {
    this.user = idpUserId;
  }
  captureException(error: unknown): void {
    this.captured.push(error);
  }
}
