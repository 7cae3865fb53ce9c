/** The order in which a held batch is delivered. */
export type ReleaseOrder = 'fifo' | 'reverse' | 'shuffle';

/** Fault-injection switches for webhook deliveries. */
export interface DeliveryMode {
  /** Send every message twice (same message id). */
  readonly duplicate: boolean;
  /** Hold messages until `releaseHeld()` is called. */
  readonly hold: boolean;
  /** When > 0 (and not holding), hold messages for this many ms, then release the batch. */
  readonly delayMs: number;
  /** The order a held batch is released in. */
  readonly reorder: ReleaseOrder;
}

/** Deliveries as the provider makes them: immediate, once each, in order. */
export const DEFAULT_DELIVERY_MODE: DeliveryMode = { duplicate: false, hold: false, delayMs: 0, reorder: 'fifo' };

/** `items` arranged for release in `order` (a new array). */
export const arrange = <T>(items: readonly T[], order: ReleaseOrder): T[] => {
  const copy = [...items];
  if (order === 'reverse') return copy.reverse();
  if (order === 'shuffle') {
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
  }
  return copy;
};
