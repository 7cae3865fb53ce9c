/** A seeded pseudo-random source: a seed replays the exact run. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** One of `items` (non-empty). */
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: a small deterministic PRNG (fuzzer inputs, soak workloads). */
export const seededRandom = (seed: number): SeededRandom => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
};
