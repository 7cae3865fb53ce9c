import { createRequire } from 'node:module';
import type * as SentryNode from '@sentry/node';
import type { Breadcrumb as SentryBreadcrumb, ErrorEvent } from '@sentry/node';
import type { Breadcrumb, ErrorTracker } from '@idv/core';
import type { RequestScopes } from './request-scopes.js';
import { scrubText, scrubValue } from './scrub.js';

// Required when the adapter is created, never at import: a service that does not configure this vendor
// never holds its SDK in memory (peak RSS). The SDK ships CommonJS, so a synchronous require works.
const requireSdk = createRequire(import.meta.url);

/** Where and how to report defects. */
export interface SentryErrorTrackerOptions {
  /** `SENTRY_DSN`. */
  readonly dsn: string;
  /** `production`, `development`, `test` (`NODE_ENV`). */
  readonly environment: string;
  /** The request scopes whose user, breadcrumbs and id a captured defect is sent with. */
  readonly scopes: RequestScopes;
}

/** An error tracker that also flushes its queue at shutdown. */
export interface ClosableErrorTracker extends ErrorTracker {
  /** Sends what is still queued (waiting at most `timeoutMs`), then stops the client. */
  close(timeoutMs: number): Promise<void>;
}

/**
 * Scrubs an event before it leaves: the user is reduced to its id (the provider's
 * `sub`); no request, cookies, headers or bodies; breadcrumb data, contexts and extras lose their
 * sensitive keys; messages and exception texts lose emails, tokens, keys and long numbers.
 */
export const scrubEvent = (event: ErrorEvent): ErrorEvent => {
  const { request: _request, ...rest } = event;
  const scrubbed: ErrorEvent = { ...rest };
  if (event.user !== undefined) scrubbed.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.message !== undefined) scrubbed.message = scrubText(event.message);
  if (event.exception?.values !== undefined) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((value) => (value.value === undefined ? value : { ...value, value: scrubText(value.value) })),
    };
  }
  if (event.breadcrumbs !== undefined) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.contexts !== undefined) scrubbed.contexts = scrubValue(event.contexts) as ErrorEvent['contexts'];
  if (event.extra !== undefined) scrubbed.extra = scrubValue(event.extra) as ErrorEvent['extra'];
  if (event.tags !== undefined) scrubbed.tags = scrubValue(event.tags) as ErrorEvent['tags'];
  return scrubbed;
};

/** Scrubs one breadcrumb: its message as free text, its data without sensitive keys. */
export const scrubBreadcrumb = (breadcrumb: SentryBreadcrumb): SentryBreadcrumb => ({
  ...breadcrumb,
  ...(breadcrumb.message === undefined ? {} : { message: scrubText(breadcrumb.message) }),
  ...(breadcrumb.data === undefined ? {} : { data: scrubValue(breadcrumb.data) as Record<string, unknown> }),
});

const toSentryBreadcrumb = (breadcrumb: Breadcrumb): SentryBreadcrumb => ({
  category: breadcrumb.category,
  level: 'info',
  ...(breadcrumb.message === undefined ? {} : { message: breadcrumb.message }),
  ...(breadcrumb.data === undefined ? {} : { data: { ...breadcrumb.data } }),
});

/**
 * The ErrorTracker port on Sentry (`SENTRY_DSN`). The client is this tracker's own — no
 * global `Sentry.init`, no automatic instrumentation, nothing on the request path: breadcrumbs
 * and the user (`sub` only) live in the request's scope, and a captured defect is sent with them,
 * the request id as a tag, through a scope built at capture time. Everything sent is scrubbed.
 *
 * @example
 * const tracker = createSentryErrorTracker({ dsn: process.env.SENTRY_DSN, environment: 'production', scopes });
 * await scopes.run(requestId, async () => tracker.captureException(error, { path }));
 * await tracker.close(2_000);
 */
export const createSentryErrorTracker = (options: SentryErrorTrackerOptions): ClosableErrorTracker => {
  const { NodeClient, Scope, defaultStackParser, linkedErrorsIntegration, makeNodeTransport } = requireSdk(
    '@sentry/node',
  ) as typeof SentryNode;
  const client = new NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration()],
    sendDefaultPii: false,
    sendClientReports: false,
    maxBreadcrumbs: 20,
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
  client.init();
  const base = new Scope();
  base.setClient(client);
  const { scopes } = options;
  return {
    addBreadcrumb: (breadcrumb) => scopes.addBreadcrumb(breadcrumb),
    setUser: (idpUserId) => {
      scopes.current().user = idpUserId;
    },
    captureException: (error, context) => {
      const { user, breadcrumbs, requestId } = scopes.current();
      const scope = base.clone();
      scope.setUser(user === null ? null : { id: user });
      if (requestId !== undefined) scope.setTag('request_id', requestId);
      for (const breadcrumb of breadcrumbs) scope.addBreadcrumb(toSentryBreadcrumb(breadcrumb));
      if (context !== undefined) scope.setContext('context', { ...context });
      scope.captureException(error);
    },
    close: async (timeoutMs) => {
      await client.close(timeoutMs);
    },
  };
};
