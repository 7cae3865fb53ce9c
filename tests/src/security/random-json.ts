import type { SeededRandom } from '../support/seeded-random.js';

/** Characters of fuzzed text: JSON punctuation, escapes, non-ASCII, astral, NUL and a line separator. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789{}[]":,. \\\n\t-_+/=!é€😀\u0000\u2028';

/** Up to `max` characters of fuzzed text. */
export const randomText = (r: SeededRandom, max: number): string =>
  Array.from({ length: r.int(max) }, () => r.pick([...ALPHABET])).join('');

/**
 * A random JSON value up to five levels deep: one of `samples`, text, an integer, an array, or an
 * object whose member names come from `names` or are random text.
 */
export const randomJson = (r: SeededRandom, samples: readonly unknown[], names: readonly string[], depth = 0): unknown => {
  const kind = depth > 4 ? r.int(3) : r.int(6);
  if (kind === 0) return structuredClone(r.pick(samples));
  if (kind === 1) return randomText(r, 20);
  if (kind === 2) return r.int(1e9) - 5e8;
  if (kind === 3) return Array.from({ length: r.int(4) }, () => randomJson(r, samples, names, depth + 1));
  return Object.fromEntries(
    Array.from({ length: r.int(5) }, () => [r.pick([...names, randomText(r, 8)]), randomJson(r, samples, names, depth + 1)]),
  );
};
