import type { IncidentError, IncidentKind } from '@idv/core';

/** What kind of database failure a {@link PersistenceError} stands for. */
export type PersistenceFailure =
  | 'unique_violation'
  | 'foreign_key_violation'
  | 'check_violation'
  | 'not_null_violation'
  /** 40001: the transaction conflicted with a concurrent one; running it again may succeed. */
  | 'serialization_failure'
  /** 40P01: the transaction was chosen to break a deadlock; running it again may succeed. */
  | 'deadlock'
  | 'connection'
  /** A stored row that does not decode into its domain type: a defect, never retried. */
  | 'invalid_row'
  | 'unknown';

/**
 * A database failure translated at the adapter's edge. Its message names the operation, the kind,
 * the SQLSTATE and the constraint only: never the SQL parameters (emails), never the driver's text.
 */
export class PersistenceError extends Error implements IncidentError {
  override readonly name = 'PersistenceError';
  /** A lost or refused connection is the database being away: one incident, however many requests meet it. */
  readonly incident: IncidentKind | undefined;

  constructor(
    readonly operation: string,
    readonly failure: PersistenceFailure,
    readonly sqlState: string | undefined,
    /** The violated constraint; for `invalid_row`, the column (`table.column`). */
    readonly constraint: string | undefined,
  ) {
    super(
      `${operation} failed: ${failure}` +
        (sqlState === undefined ? '' : ` (SQLSTATE ${sqlState})`) +
        (constraint === undefined ? '' : ` on ${constraint}`),
    );
    this.incident = failure === 'connection' ? 'database-unavailable' : undefined;
  }
}
