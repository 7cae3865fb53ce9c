import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import type * as Undici from 'undici';
import type { EventDeliveryOutcome, EventSender } from '@idv/core';
import { allowedAddresses, endpointTarget, ForbiddenAddressError } from './endpoint-address.js';
import type { EndpointAddressRules } from './endpoint-address.js';
import { systemResolver } from './host-resolver.js';
import type { HostResolver } from './host-resolver.js';
import { pinnedLookup } from './pinned-lookup.js';
import { retryAfterSeconds } from './retry-after.js';
import { signedHeaders } from './signed-headers.js';

// Required on the first delivery, never at import: a service with no endpoint never holds undici (peak RSS).
const requireUndici = createRequire(import.meta.url);

/** Options of {@link createEventSender}. */
export interface EventSenderOptions {
  /** `WEBHOOK_ENDPOINT_ALLOW_PRIVATE`: plain http and loopback/private addresses (development and tests only). */
  readonly allowPrivate?: boolean;
  /** Resolves host names at connection time; the system's resolver when omitted (tests play DNS). */
  readonly resolve?: HostResolver;
  /** Sent as `user-agent`. */
  readonly userAgent?: string;
  /** The current time in ms, for an HTTP-date `Retry-After` (default `Date.now`). */
  readonly now?: () => number;
}

/** The `user-agent` of every delivery. */
export const DEFAULT_WEBHOOK_USER_AGENT = 'idv-membership-webhooks/1.0';

// What of a response body is drained so the connection can be reused; past it the connection is dropped.
const DRAIN_LIMIT_BYTES = 64 * 1024;

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The refusal behind a failed request, if a forbidden address caused it (undici may wrap the lookup's error). */
const refusalOf = (error: unknown): ForbiddenAddressError | undefined => {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof ForbiddenAddressError) return cause;
  return undefined;
};

const isTimeout = (error: unknown, signal: AbortSignal): boolean =>
  signal.aborted ||
  (error instanceof Error && (error.name === 'TimeoutError' || TIMEOUT_CODES.has((error as { code?: string }).code ?? '')));

/**
 * Posts events to endpoints, signed with `standardwebhooks` (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`), over undici. Every connection resolves its host through a lookup that
 * refuses loopback, private, link-local (metadata), CGNAT and multicast addresses and connects to
 * exactly the addresses it checked (DNS rebinding included); a pooled connection was checked when it
 * was opened. Redirects are answers, never followed; the response body is drained and dropped
 * unread; the request's timeout covers connecting, sending and the answer's headers.
 *
 * @example
 * const sender = createEventSender({ allowPrivate: config.webhooks.allowPrivateEndpoints });
 * const outcome = await sender.send({ url, eventId, timestamp, body, secrets, timeoutMs: 15_000 });
 */
export const createEventSender = ({
  allowPrivate = false,
  resolve = systemResolver,
  userAgent = DEFAULT_WEBHOOK_USER_AGENT,
  now = Date.now,
}: EventSenderOptions = {}): EventSender => {
  const rules: EndpointAddressRules = { allowPrivate, resolve };
  let client: { readonly request: typeof Undici.request; readonly agent: Undici.Agent } | undefined;
  const undici = () => {
    if (client !== undefined) return client;
    const { Agent, request } = requireUndici('undici') as typeof Undici;
    client = { request, agent: new Agent({ connect: { lookup: pinnedLookup(rules) } }) };
    return client;
  };

  const send: EventSender['send'] = async (delivery) => {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    const target = endpointTarget(delivery.url, rules);
    if (typeof target === 'string') return { kind: 'refused', reason: target, durationMs: durationMs() };
    // A socket looks up names only: an address literal is checked here, as it will be connected to.
    const literal = isIP(target.host) === 0 ? undefined : await allowedAddresses(target.host, rules);
    if (typeof literal === 'string') return { kind: 'refused', reason: literal, durationMs: durationMs() };
    const headers = signedHeaders(delivery, userAgent);
    const signal = AbortSignal.timeout(delivery.timeoutMs);
    const { request, agent } = undici();
    try {
      const response = await request(target.url, { method: 'POST', headers, body: delivery.body, dispatcher: agent, signal });
      const retryAfter = retryAfterSeconds(response.headers['retry-after'], now());
      const answered: EventDeliveryOutcome = {
        kind: 'answered',
        status: response.statusCode,
        ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
        durationMs: durationMs(),
      };
      // Never read, never kept: drained (within a bound) only so the connection can serve the next delivery.
      await response.body.dump({ limit: DRAIN_LIMIT_BYTES, signal }).catch(() => undefined);
      return answered;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== undefined) return { kind: 'refused', reason: refusal.refusal, durationMs: durationMs() };
      return { kind: 'failed', reason: isTimeout(error, signal) ? 'timeout' : 'network', durationMs: durationMs() };
    }
  };

  return { send };
};
