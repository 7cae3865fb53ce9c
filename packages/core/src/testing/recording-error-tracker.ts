import type { Breadcrumb, ErrorTracker } from '../shared/error-tracker.js';

/** An error tracker that keeps breadcrumbs, the current user and captured errors. */
export class RecordingErrorTracker implements ErrorTracker {
  readonly breadcrumbs: Breadcrumb[] = [];
  readonly captured: unknown[] = [];
  /** The context passed with each captured error, in the same order. */
  readonly capturedContexts: (Readonly<Record<string, unknown>> | undefined)[] = [];
  user: string | null = null;

  /** Records the breadcrumb. */
  addBreadcrumb(breadcrumb: Breadcrumb): void {
    this.breadcrumbs.push(breadcrumb);
  }
  /** Records the current user. */
  setUser(idpUserId: string | null): void {
    this.user = idpUserId;
  }
  /** Records the captured error and its context. */
  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void {
    this.captured.push(error);
    this.capturedContexts.push(context);
  }
}
