import type * as t from 'io-ts';

const MARKED = new WeakSet<object>();

/**
 * Marks a request codec as personal data (a national ID, a card, a token, a secret): a validation
 * problem at or below it names its path only, never the value sent (see `decodeInput`). The codec
 * decodes, encodes and documents exactly as before; the mark is on this use of it, so marking
 * `t.string` for one field leaves every other string as it was.
 *
 * @example
 * const NationalIdBody = t.type({ nationalId: personalData(NationalId) });
 */
export const personalData = <C extends t.Any>(codec: C): C => {
  // A copy that inherits everything (validate, props, name, _tag), so the mark stays on this field.
  const marked = Object.create(codec) as C;
  MARKED.add(marked);
  return marked;
};

/** Whether a decoding context passes through a codec marked with {@link personalData}. */
export const isPersonalData = (context: t.Context): boolean => context.some((entry) => MARKED.has(entry.type));
