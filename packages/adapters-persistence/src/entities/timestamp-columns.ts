/**
 * A `timestamptz(3)` column. Domain times are JavaScript Dates (milliseconds) and list cursors carry
 * milliseconds, so a keyset position must compare equal to the stored value: microseconds written
 * by `now()` would make the last row of a page reappear on the next one.
 */
export const MILLISECOND_TIMESTAMP = { type: 'datetime', columnType: 'timestamptz(3)' } as const;
