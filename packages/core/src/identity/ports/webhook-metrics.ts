/**
 * How one provider webhook delivery ended: handled (`processed`), a type we do not handle
 * (`ignored`), refused before any work (`missing_headers`, `invalid_signature`, `malformed`), or
 * a defect while handling it (`failed`, answered 500 so that the provider retries).
 */
export type WebhookOutcome = 'processed' | 'ignored' | 'missing_headers' | 'invalid_signature' | 'malformed' | 'failed';

/**
 * The event types a delivery is counted under: the three handled ones, `other` for any type we
 * ignore, `unknown` when the body was never read (a refused signature). A closed set, so that the
 * counters' label values stay bounded whatever the provider sends.
 */
export type WebhookEventType = 'user.created' | 'user.updated' | 'user.deleted' | 'other' | 'unknown';

/** Counts provider webhook deliveries for operators (Prometheus in production). Cheap, and never throws. */
export interface WebhookMetrics {
  /** Counts one delivery under its event type and how it ended. */
  delivery(eventType: WebhookEventType, outcome: WebhookOutcome): void;
}
