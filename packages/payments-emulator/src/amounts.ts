/** A decimal amount (`"150.5"`, `"150.50"`, `150.5`) in minor units; undefined when it is not one with at most two decimals. */
export const minorOfDecimal = (value: unknown): number | undefined => {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  const match = text === undefined ? null : /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  return match === null ? undefined : Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/** Minor units as the JSON number iyzico answers with (`15050` → `150.5`). */
export const decimalNumber = (minor: number): number => minor / 100;

/** An amount as iyzico signs it: the number's own text, which has no trailing zeros (`150.5`, `150`). */
export const signedText = (minor: number): string => String(minor / 100);

/** Minor units as PayTR's two-digit decimal (`"150.00"`). */
export const twoDigits = (minor: number): string => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
