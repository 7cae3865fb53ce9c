/**
 * Minor units as iyzico's request bodies write amounts: a decimal with at least one fraction digit
 * and no trailing zeros beyond it (`15000` → `"150.0"`, `15050` → `"150.5"`), as its SDK's `formatPrice` does.
 */
export const requestAmount = (minor: number): string => {
  const whole = Math.trunc(minor / 100);
  const cents = String(minor % 100)
    .padStart(2, '0')
    .replace(/0$/, '');
  return `${whole}.${cents === '' ? '0' : cents}`;
};

/** Minor units as a two-digit decimal (PayTR's basket prices, `"150.00"`). */
export const twoDigitAmount = (minor: number): string => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/**
 * An amount as iyzico signs it (reference §1.5): without trailing zeros, `10.0` → `10`,
 * `10.50` → `10.5`. A JSON number is already in that form; a decimal string is trimmed.
 */
export const signedAmount = (value: string | number): string => {
  const text = String(value);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

/** A provider's decimal amount (`150.5`, `"150.50"`, PayTR's `"150,50"`) in minor units; undefined when it is not one. */
export const minorOf = (value: unknown): number | undefined => {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(',', '.')
        : undefined;
  const match = text === undefined ? null : /^(\d{1,13})(?:\.(\d{1,8}))?$/.exec(text);
  if (match === null) return undefined;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  // Sub-cent digits must be zeros: a provider amount is never a fraction of a kuruş.
  if (/[^0]/.test(fraction.slice(2))) return undefined;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
};
