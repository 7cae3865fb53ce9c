/** A trail entry kept with the next captured error. */
export interface Breadcrumb {
  readonly category: string;
  readonly message?: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Error tracking (Sentry-shaped): breadcrumbs, the current user, captured defects. */
export interface ErrorTracker {
  /** Keeps a breadcrumb for the next captured error. */
  addBreadcrumb(breadcrumb: Breadcrumb): void;
  /** Sets (or clears, with null) the user later events are attributed to. */
  setUser(idpUserId: string | null): void;
  /** Reports a defect, with context that never holds personal data. */
  captureException(error: unknown, context?: Readonly<Record<string, unknown>>): void;
}
