/**
 * C0 control characters and DEL. PostgreSQL text cannot hold a NUL (a write would fail with a 500 the
 * caller can never fix), and none of them belongs in a name or a description shown to people.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it names
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Whether `text` holds no control character. */
export const isPlainText = (text: string): boolean => !CONTROL_CHARACTERS.test(text);

/** The same rule as a JSON Schema `pattern`: text without a control character. */
export const PLAIN_TEXT_PATTERN = `^[^${CONTROL_CHARACTERS.source.slice(1, -1)}]*$`;

/**
 * Whether `text` is a one-line name or label as people type it: 1 to `max` characters, no surrounding
 * spaces, no control character (an organization's or a plan's name, a buyer's name, a payment's description).
 *
 * @example
 * isTrimmedPlainText('Iron Gym', 100); // true; ' Iron Gym' and '' are not
 */
export const isTrimmedPlainText = (text: string, max: number): boolean =>
  text.length >= 1 && text.length <= max && text === text.trim() && isPlainText(text);
