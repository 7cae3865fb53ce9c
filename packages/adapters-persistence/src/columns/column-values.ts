/** Turns a timestamp column's raw value (a Date on PGlite, a string on `pg`) into a Date. */
export type DateParser = (value: string) => Date;

/** A nullable timestamp column as a Date. */
export const toDate = (value: unknown, parseDate: DateParser): Date | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  return parseDate(String(value));
};

/** A nullable bigint column (a string on `pg`, a number or bigint on PGlite) as a JS number. */
export const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
