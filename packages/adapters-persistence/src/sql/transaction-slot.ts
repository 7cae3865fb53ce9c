import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where a runner keeps the transaction its caller's async work is inside: the two methods of
 * `AsyncLocalStorage` it uses. A host that already carries a request-scoped AsyncLocalStorage can
 * lend a slot in it (see `RequestScopes.slot` in adapters-observability), because on Node 20 every
 * enabled AsyncLocalStorage instance adds its own cost to every promise the process makes.
 */
export interface TransactionSlot<T> {
  /** The value set by the nearest enclosing `run`, if any. */
  getStore(): T | undefined;
  /** Runs `work` with `value` visible to everything it awaits. */
  run<R>(value: T, work: () => R): R;
}

/** A slot of the runner's own: an AsyncLocalStorage, enabled on the first transaction. */
export const ownTransactionSlot = <T>(): TransactionSlot<T> => new AsyncLocalStorage<T>();
