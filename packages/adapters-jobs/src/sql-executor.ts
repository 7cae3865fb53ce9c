/**
 * Runs the job queue's SQL on the service's own database: `Persistence.executeSql` has this shape.
 * Text without values may hold several statements (a schema's creation); text with values is one
 * statement with `$n` placeholders. Inside a unit of work it joins the open transaction, so a job
 * enqueued there commits or rolls back with the write it follows.
 */
export interface SqlExecutor {
  /** Runs `text` (with `values` bound to its `$n` placeholders, when given) and answers the rows of its last statement. */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ readonly rows: readonly Record<string, unknown>[] }>;
}
