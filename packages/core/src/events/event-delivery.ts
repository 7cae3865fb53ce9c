/** Where one event's delivery to one endpoint stands. */
export type DeliveryStatus =
  /** Attempts remain (the first, or a retry waiting for its time). */
  | 'pending'
  | 'succeeded'
  /** Given up early: the endpoint was disabled or removed. */
  | 'failed'
  /** Every attempt of the retry schedule failed. */
  | 'dead';

/** One event's delivery to one endpoint. */
export interface EventDelivery {
  readonly id: string;
  readonly eventId: string;
  readonly endpointId: string;
  readonly status: DeliveryStatus;
  /** Attempts made so far. */
  readonly attempts: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How an attempt failed, when it did (never a response body). */
export type AttemptErrorKind = 'status' | 'timeout' | 'network' | 'refused';

/** One attempt of a delivery, as the delivery log lists it. */
export interface DeliveryAttempt {
  /** A UUID of its own (the log's keyset). */
  readonly id: string;
  readonly deliveryId: string;
  readonly eventId: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly succeeded: boolean;
  readonly durationMs: number;
  /** The endpoint's HTTP status, when it answered. */
  readonly responseCode: number | null;
  readonly errorKind: AttemptErrorKind | null;
  readonly at: Date;
}
