/** A trail entry kept with the next captured error. */
export interface Breadcrumb {
  readonly category: string;
  readonly message?: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Error tracking (Sentry-shaped): breadcrumbs, the current user, captured defects. */
export interface ErrorTracker {
  addBreadcrumb(breadcrumb: Breadcrumb): void;
  setUser(idpUserId: string | null): void;
  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void;
}
