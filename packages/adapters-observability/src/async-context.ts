import { AsyncLocalStorage } from 'node:async_hooks';
import { promiseHooks } from 'node:v8';

/** A value carried through async work: the two methods of `AsyncLocalStorage` the request scopes and their slots use. */
export interface AsyncContext<T> {
  /** The value set by the nearest enclosing `run`, if any. */
  getStore(): T | undefined;
  /** Runs `work` with `value` visible to it and to everything it awaits. */
  run<R>(value: T, work: () => R): R;
}

/**
 * How an async context follows the work:
 * - `async-local-storage`: Node's `AsyncLocalStorage`. It follows every async resource (promises,
 *   timers, `nextTick`, I/O callbacks). On Node 24 it rides on V8's continuation data and costs
 *   nothing measurable; before Node 24 it enables Node's async hooks, whose bookkeeping runs on every
 *   promise the process makes (about 10–12 % of a request's CPU).
 * - `promise-continuations`: three V8 promise hooks of our own (`v8.promiseHooks`). It follows
 *   promise continuations (`await`, `then`), which is all that request work crosses; callbacks of
 *   timers, `nextTick` and emitters see no value.
 */
export type AsyncContextPropagation = 'async-local-storage' | 'promise-continuations';

const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * The cheaper of the two on this runtime: `AsyncLocalStorage` from Node 24 on, promise continuations
 * before. `v8.promiseHooks` is marked experimental, but it is what Node's own async hooks are built on,
 * and it is used here only on release lines that no longer change (20 and 22).
 */
export const defaultPropagation: AsyncContextPropagation = nodeMajor >= 24 ? 'async-local-storage' : 'promise-continuations';

/** One value of one context, linked to the values the other contexts had when it was set. */
interface Link {
  readonly owner: object;
  readonly value: unknown;
  readonly outer: Link | undefined;
}

const CARRIED = Symbol('idv.asyncContext');

interface CarryingPromise extends Promise<unknown> {
  [CARRIED]?: Link;
}

// Every context of the process shares one chain and one set of hooks: a set of hooks per context
// would run on every promise for each of them.
let current: Link | undefined;
// Reactions run one at a time from the microtask queue, so one saved chain is enough: the chain that
// was current when the queue started (none, unless a checkpoint runs inside a `run`).
let beforeReaction: Link | undefined;
let hooksInstalled = false;

const installHooks = (): void => {
  if (hooksInstalled) return;
  hooksInstalled = true;
  promiseHooks.createHook({
    // A promise keeps the chain current when it was made (for `await`, V8's promise for the
    // continuation): its reactions run with it, as with AsyncLocalStorage.
    init: (promise: CarryingPromise) => {
      if (current !== undefined) promise[CARRIED] = current;
    },
    before: (promise: CarryingPromise) => {
      beforeReaction = current;
      current = promise[CARRIED];
    },
    after: () => {
      current = beforeReaction;
      beforeReaction = undefined;
    },
  });
};

// A context appears at most once in a chain (its nearest value), so however deep runs nest, a chain
// is never longer than the number of contexts.
const withoutOwner = (link: Link | undefined, owner: object): Link | undefined => {
  if (link === undefined) return undefined;
  if (link.owner === owner) return link.outer;
  const outer = withoutOwner(link.outer, owner);
  return outer === link.outer ? link : { owner: link.owner, value: link.value, outer };
};

const findValue = (owner: object): unknown => {
  for (let link = current; link !== undefined; link = link.outer) if (link.owner === owner) return link.value;
  return undefined;
};

/** A context that follows promise continuations only (see `AsyncContextPropagation`). */
class PromiseContinuationContext<T> implements AsyncContext<T> {
  constructor() {
    installHooks();
  }

  getStore(): T | undefined {
    return findValue(this) as T | undefined;
  }

  run<R>(value: T, work: () => R): R {
    const previous = current;
    current = { owner: this, value, outer: withoutOwner(previous, this) };
    try {
      return work();
    } finally {
      current = previous;
    }
  }
}

/**
 * A new async context carried as `propagation` says (by default the cheaper on this runtime).
 *
 * @example
 * const requestId = createAsyncContext<string>();
 * await requestId.run('req-1', async () => {
 *   await somethingSlow();
 *   requestId.getStore(); // 'req-1'
 * });
 */
export const createAsyncContext = <T>(propagation: AsyncContextPropagation = defaultPropagation): AsyncContext<T> =>
  propagation === 'async-local-storage' ? new AsyncLocalStorage<T>() : new PromiseContinuationContext<T>();
