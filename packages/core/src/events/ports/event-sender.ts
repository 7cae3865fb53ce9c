/** One signed delivery of an event to an endpoint. */
export interface EventDeliveryRequest {
  /** The endpoint's URL, checked again against the address policy at this moment (DNS rebinding). */
  readonly url: string;
  /** The event's id (`evt_…`), sent as `webhook-id`: a receiver dedupes on it. */
  readonly eventId: string;
  /** Sent as `webhook-timestamp` and signed with the body. */
  readonly timestamp: Date;
  /** The envelope exactly as sent, JSON. */
  readonly body: string;
  /**
   * The endpoint's live secrets (`whsec_…`), newest first: one signature each, space-separated in
   * `webhook-signature`, so a receiver mid-rotation accepts either (Standard Webhooks).
   */
  readonly secrets: readonly string[];
  /** Gives up after this long (15 s in production). */
  readonly timeoutMs: number;
}

/** What became of one attempt; nothing of the response body is kept. */
export type EventDeliveryOutcome =
  /** The endpoint answered (any status; redirects are answers, never followed). */
  | { readonly kind: 'answered'; readonly status: number; readonly retryAfterSeconds?: number; readonly durationMs: number }
  /** The URL was refused before connecting: not https, or an address the policy forbids. */
  | { readonly kind: 'refused'; readonly reason: EndpointUrlRefusal; readonly durationMs: number }
  /** No answer: the connection failed or the timeout passed. */
  | { readonly kind: 'failed'; readonly reason: 'timeout' | 'network'; readonly durationMs: number };

/** Why an endpoint URL is refused (at creation, at update and at every delivery). */
export type EndpointUrlRefusal = 'not-https' | 'private-address' | 'unresolvable' | 'malformed';

/** Signs an event with `standardwebhooks` and posts it to one endpoint. */
export interface EventSender {
  /** One attempt; never rejects for the endpoint's behaviour (that is the outcome). */
  send(request: EventDeliveryRequest): Promise<EventDeliveryOutcome>;
}

/**
 * Whether a URL may be an endpoint: https, resolving only to public addresses (never loopback,
 * private, link-local or metadata). A development setting may allow loopback over http.
 */
export interface EndpointUrlPolicy {
  /** Resolves the host now; none when the URL may be used. */
  check(url: string): Promise<EndpointUrlRefusal | undefined>;
}
