import { AsyncLocalStorage } from 'node:async_hooks';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identity/identifiers.js';
import type { Membership, MembershipId, MembershipSummary } from '../membership/membership.js';
import type { MembershipChanges, MembershipExpectation, Memberships, RosterFilter } from '../membership/ports/memberships.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';

interface Transaction {
  readonly rows: Set<string>;
  readonly undo: (() => Promise<unknown>)[];
  readonly ended: Promise<void>;
  readonly end: () => void;
}

/**
 * Row locks as PostgreSQL takes them, for the in-memory fakes: a unit of work holds the rows it
 * locked or wrote until it ends, another writer of such a row waits until then, and a Left or a
 * rejection undoes the unit of work's writes. Lets a test pause one unit of work between its check
 * and its write and watch a racing one wait, with no sleeps.
 */
export class RowLocks {
  private readonly scope = new AsyncLocalStorage<Transaction>();
  private readonly holders = new Map<string, Transaction>();
  private readonly waiters = new Map<string, () => void>();

  /** Runs `work` as one transaction: its locks are held until it ends; `failed` results roll back. */
  async transaction<A>(work: () => Promise<A>, failed: (result: A) => boolean): Promise<A> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const transaction: Transaction = { rows: new Set(), undo: [], ended, end };
    let rollback = true;
    try {
      const result = await this.scope.run(transaction, work);
      rollback = failed(result);
      return result;
    } finally {
      if (rollback) for (const undo of [...transaction.undo].reverse()) await undo();
      for (const row of transaction.rows) this.holders.delete(row);
      transaction.end();
    }
  }

  /** Takes the lock on `rowId` for the current transaction, waiting while another one holds it. */
  async lock(rowId: string): Promise<void> {
    const current = this.scope.getStore();
    for (let holder = this.holders.get(rowId); holder !== undefined && holder !== current; holder = this.holders.get(rowId)) {
      this.waiters.get(rowId)?.();
      await holder.ended;
    }
    if (current === undefined) return;
    this.holders.set(rowId, current);
    current.rows.add(rowId);
  }

  /** Resolves once some transaction waits for the lock on `rowId`. */
  contended(rowId: string): Promise<void> {
    return new Promise((resolve) => this.waiters.set(rowId, resolve));
  }

  /** Registers how to undo a write of the current transaction, should it roll back. */
  onRollback(undo: () => Promise<unknown>): void {
    this.scope.getStore()?.undo.push(undo);
  }
}

/** A unit of work over `RowLocks`: a Left or a rejection rolls back, and its locks last until it ends. */
export class LockingUnitOfWork implements UnitOfWork {
  constructor(private readonly locks: RowLocks) {}

  /** Runs `work` as one transaction of `locks`. */
  run<L, A>(work: () => Promise<E.Either<L, A>>): Promise<E.Either<L, A>> {
    return this.locks.transaction(work, E.isLeft);
  }
}

/**
 * Memberships over another Memberships fake that lock rows as the SQL adapter's statements do:
 * `lockAllForUser` (`FOR UPDATE`), `update` and `cancelAllForUser` lock what they touch. A rollback
 * restores the role and status of the rows the transaction changed.
 */
export class LockingMemberships implements Memberships {
  constructor(
    private readonly inner: Memberships,
    private readonly locks: RowLocks,
  ) {}

  listForUser(userId: UserId): Promise<readonly MembershipSummary[]> {
    return this.inner.listForUser(userId);
  }

  async lockAllForUser(userId: UserId): Promise<readonly Membership[]> {
    for (const row of await this.inner.lockAllForUser(userId)) await this.locks.lock(row.id);
    // Like FOR UPDATE after a wait: the rows as the transaction that held them left them.
    return this.inner.lockAllForUser(userId);
  }

  async cancelAllForUser(userId: UserId): Promise<number> {
    const rows = await this.lockAllForUser(userId);
    const changed = await this.inner.cancelAllForUser(userId);
    for (const row of rows.filter((r) => r.status !== 'cancelled')) {
      this.locks.onRollback(() =>
        this.inner.update(row.id, { role: row.role, status: 'cancelled' }, { status: row.status }, row.updatedAt),
      );
    }
    return changed;
  }

  findById(id: MembershipId): Promise<O.Option<Membership>> {
    return this.inner.findById(id);
  }

  findForUser(organizationId: OrganizationId, userId: UserId): Promise<O.Option<Membership>> {
    return this.inner.findForUser(organizationId, userId);
  }

  findOwner(organizationId: OrganizationId): Promise<O.Option<Membership>> {
    return this.inner.findOwner(organizationId);
  }

  listForOrganization(organizationId: OrganizationId, filter: RosterFilter, page: PageRequest): Promise<Page<Membership>> {
    return this.inner.listForOrganization(organizationId, filter, page);
  }

  insert(membership: Membership): Promise<boolean> {
    return this.inner.insert(membership);
  }

  async lock(ids: readonly MembershipId[]): Promise<readonly Membership[]> {
    for (const id of [...ids].sort()) await this.locks.lock(id);
    return this.inner.lock(ids);
  }

  async update(id: MembershipId, expected: MembershipExpectation, changes: MembershipChanges, at: Date): Promise<O.Option<Membership>> {
    await this.locks.lock(id);
    const before = O.toNullable(await this.inner.findById(id));
    const updated = await this.inner.update(id, expected, changes, at);
    if (O.isSome(updated) && before !== null) {
      const after = updated.value;
      this.locks.onRollback(() =>
        this.inner.update(id, { role: after.role, status: after.status }, { role: before.role, status: before.status }, before.updatedAt),
      );
    }
    return updated;
  }
}
