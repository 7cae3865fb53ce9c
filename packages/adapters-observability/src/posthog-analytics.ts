import { createRequire } from 'node:module';
import type * as PostHogNode from 'posthog-node';
import type { Analytics, Logger } from '@idv/core';

// Required when the adapter is created, never at import: a service that does not configure this vendor
// never holds its SDK in memory (peak RSS). The SDK ships CommonJS, so a synchronous require works.
const requireSdk = createRequire(import.meta.url);

/** Where to send product analytics. */
export interface PostHogAnalyticsOptions {
  /** `POSTHOG_API_KEY` (the project key). */
  readonly apiKey: string;
  /** `POSTHOG_HOST`. */
  readonly host: string;
  /** Failed sends are logged here at warn (spec: analytics failures are not surfaced). */
  readonly logger: Logger;
  /** Events queued before a batch is sent (default 20); tests use 1. */
  readonly flushAt?: number;
  /** At most this long between batches, in ms (default 10 000). */
  readonly flushIntervalMs?: number;
}

/** Analytics that also flushes its queue at shutdown. */
export interface ClosableAnalytics extends Analytics {
  /** Sends what is still queued (waiting at most `timeoutMs`), then stops the client. */
  close(timeoutMs: number): Promise<void>;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The Analytics port on PostHog (`POSTHOG_API_KEY`). The client queues events in
 * memory and sends them in batches, off the request path; `close` flushes the rest at shutdown.
 * Events carry the provider's user id as the distinct id and only the properties given (never an
 * email); GeoIP lookup is off, since the address would be this server's.
 *
 * @example
 * const analytics = createPostHogAnalytics({ apiKey, host: 'https://eu.i.posthog.com', logger });
 * await analytics.track('user_2g7…', 'user_signed_up');
 * await analytics.close(5_000);
 */
export const createPostHogAnalytics = (options: PostHogAnalyticsOptions): ClosableAnalytics => {
  const { PostHog } = requireSdk('posthog-node') as typeof PostHogNode;
  const client = new PostHog(options.apiKey, {
    host: options.host,
    flushAt: options.flushAt ?? 20,
    flushInterval: options.flushIntervalMs ?? 10_000,
    disableGeoip: true,
  });
  client.on('error', (error: unknown) => options.logger.warn({ err: errorMessage(error) }, 'analytics send failed'));
  return {
    identify: async (idpUserId, traits) => {
      client.identify({ distinctId: idpUserId, properties: { ...traits } });
    },
    track: async (idpUserId, event, properties) => {
      client.capture({ distinctId: idpUserId, event, ...(properties === undefined ? {} : { properties: { ...properties } }) });
    },
    close: async (timeoutMs) => {
      await client.shutdown(timeoutMs);
    },
  };
};
