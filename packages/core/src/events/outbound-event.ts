import type { JobData } from '../jobs/job-queue.js';

/**
 * One event sent by the service to other parties (webhook endpoints and the pull feed), in the
 * Standard Webhooks envelope. Thin: ids, roles, statuses, amounts and timestamps only — never a
 * national ID, a token, a card or a secret.
 */
export interface OutboundEvent {
  /** `evt_` and 32 hex digits; stable across retries (sent as `webhook-id`). */
  readonly id: string;
  /** The catalogue name, e.g. `membership.created`. */
  readonly type: string;
  /** When the change it describes was made. */
  readonly timestamp: Date;
  /** The organization whose endpoints and feed receive it. */
  readonly organizationId: string;
  /** The event's own fields, by type (see the catalogue). */
  readonly data: JobData;
}

/** An event as an area describes it, before it has an id and a time. */
export type EventDraft = Pick<OutboundEvent, 'type' | 'organizationId' | 'data'>;
