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
  /** Attempts in flight at once (1: one at a time, so release order is arrival order at the receiver). */
  readonly concurrency: number;
}

/** Deliveries as the provider makes them: immediate, once each, in order, one at a time. */
export const DEFAULT_DELIVERY_MODE: DeliveryMode = { duplicate: false, hold: false, delayMs: 0, reorder: 'fifo', concurrency: 1 };

/** The most attempts `concurrency` may put in flight at once. */
export const MAX_DELIVERY_CONCURRENCY = 64;

/**
 * A seeded pseudo-random source (mulberry32): shuffled releases are reproducible from one run to
 * the next, so a test that found an ordering bug finds it again.
 */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** `items` arranged for release in `order` (a new array); `random` drives `shuffle`. */
export const arrange = <T>(items: readonly T[], order: ReleaseOrder, random: () => number): T[] => {
  const copy = [...items];
  if (order === 'reverse') return copy.reverse();
  if (order === 'shuffle') {
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
  }
  return copy;
};
