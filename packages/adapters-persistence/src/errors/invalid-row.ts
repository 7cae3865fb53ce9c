/** Thrown by a mapper when a column does not decode; `guarded` turns it into an `invalid_row` PersistenceError. */
export class InvalidRow extends Error {
  override readonly name = 'InvalidRow';

  constructor(
    /** `table.column`; the value itself is never named (it may be personal data). */
    readonly column: string,
    expected: string,
  ) {
    super(`${column} does not hold a valid ${expected}`);
  }
}
