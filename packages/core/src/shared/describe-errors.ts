import type * as t from 'io-ts';

/** How a failure line shows the value it got: JSON, cut at 60 characters. */
export const showValue = (value: unknown): string => {
  if (value === undefined) return 'undefined (missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

// Members of intersections and unions appear as numeric keys in the context; they are not part of the path.
const isCombinator = (codec: t.Decoder<unknown, unknown>): boolean => {
  const tag = (codec as { _tag?: string })._tag;
  return tag === 'IntersectionType' || tag === 'UnionType';
};

const pathOf = (context: t.Context): string =>
  context
    .filter((entry, index) => index > 0 && !isCombinator(context[index - 1]!.type))
    .map((entry) => entry.key)
    .join('.');

/**
 * One readable line per io-ts failure: `data.id: expected IdpUserId, got 42`. `shown` says what
 * follows `got` (the value as JSON by default; an edge that must not echo some values passes its own).
 */
export const describeErrors = (
  errors: t.Errors,
  shown: (error: t.ValidationError) => string = (error) => showValue(error.value),
): readonly string[] => {
  const lines = errors.map((error) => {
    const path = pathOf(error.context) || '(root)';
    const expected = error.message ?? `expected ${error.context[error.context.length - 1]?.type.name ?? 'a value'}`;
    return `${path}: ${expected}, got ${shown(error)}`;
  });
  return [...new Set(lines)];
};
