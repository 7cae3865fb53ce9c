/**
 * A transaction some async work is inside. `finished` is set at commit or rollback, so work that
 * outlives its transaction (a task started inside and left running) falls back to the enclosing
 * transaction, or to no transaction, instead of writing to a connection that is no longer its own.
 */
export interface OpenTransaction<Connection> {
  readonly connection: Connection;
  readonly parent: OpenTransaction<Connection> | undefined;
  /** Savepoints opened inside it so far, for their names. */
  savepoints: number;
  finished: boolean;
}

/** The innermost transaction still open, walking out past finished ones. */
export const innermostOpen = <Connection>(open: OpenTransaction<Connection> | undefined): OpenTransaction<Connection> | undefined => {
  let current = open;
  while (current !== undefined && current.finished) current = current.parent;
  return current;
};
