import type { Breadcrumb } from '@idv/core';
import { createAsyncContext, defaultPropagation, type AsyncContext, type AsyncContextPropagation } from './async-context.js';

/** The longest breadcrumb trail a scope keeps (the oldest entries go first). */
export const TRAIL_LENGTH = 20;

/** What one request carries through its async work: its id, the caller once known, its breadcrumbs. */
export interface RequestScope {
  readonly requestId: string | undefined;
  user: string | null;
  readonly breadcrumbs: Breadcrumb[];
}

/** What the one async context holds: the request's scope, and the values of lent slots. */
interface Frame {
  readonly scope: RequestScope;
  readonly slots: ReadonlyMap<object, unknown> | undefined;
}

/** A value carried through async work, kept in the request scopes' storage (see `RequestScopes.slot`). */
export type ScopeSlot<T> = AsyncContext<T>;

/**
 * One async context for everything request-scoped: the request id that the service
 * logger adds to each log line, and the error-tracking user and breadcrumbs that a captured defect
 * is sent with (concurrent requests never mix, as with a vendor SDK's per-request scope). One `run`
 * per request. Other adapters borrow slots in it rather than enabling AsyncLocalStorage instances of
 * their own: before Node 24 each enabled instance adds work to every promise the process makes (the
 * database runner keeps its open transaction in one).
 *
 * The context follows `propagation` (see `AsyncContextPropagation`): by default AsyncLocalStorage
 * from Node 24 on, and before it promise continuations, at about half the cost per promise.
 * Request work crosses only promise continuations (`await`, `then`); a timer or emitter callback
 * started inside a request then runs outside its scope, as work that outlives the request should.
 *
 * @example
 * const scopes = new RequestScopes();
 * await scopes.run('req-1', () => handle(request));
 * scopes.current().requestId; // 'req-1' inside, undefined outside
 */
export class RequestScopes {
  private readonly storage: AsyncContext<Frame>;
  // Work outside any request (start-up, background jobs) shares one scope.
  private readonly fallback: RequestScope = { requestId: undefined, user: null, breadcrumbs: [] };

  constructor(propagation: AsyncContextPropagation = defaultPropagation) {
    this.storage = createAsyncContext<Frame>(propagation);
  }

  /** Runs `next` in a fresh scope: the given id (none for work that is not a request), no user, no breadcrumbs; slot values stay. */
  run<T>(requestId: string | undefined, next: () => Promise<T>): Promise<T> {
    // Slots outlive a nested scope: work scoped anew inside a transaction is still inside it.
    return this.storage.run({ scope: { requestId, user: null, breadcrumbs: [] }, slots: this.storage.getStore()?.slots }, next);
  }

  /** The current request's scope, or the shared one outside requests. */
  current(): RequestScope {
    return this.storage.getStore()?.scope ?? this.fallback;
  }

  /**
   * A new slot: `run(value, work)` makes `value` visible to the work (in the same request scope:
   * its id, user and breadcrumbs stay shared), `getStore()` reads the nearest.
   */
  slot<T>(): ScopeSlot<T> {
    const key = {};
    return {
      getStore: () => this.storage.getStore()?.slots?.get(key) as T | undefined,
      run: (value, work) => {
        const frame = this.storage.getStore();
        const slots = new Map(frame?.slots);
        slots.set(key, value);
        return this.storage.run({ scope: frame?.scope ?? this.fallback, slots }, work);
      },
    };
  }

  /** Adds a breadcrumb to the current trail, dropping the oldest past `TRAIL_LENGTH`. */
  addBreadcrumb(breadcrumb: Breadcrumb): void {
    const trail = this.current().breadcrumbs;
    trail.push(breadcrumb);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  }
}
