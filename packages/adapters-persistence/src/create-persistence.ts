import type { AuditLog, Callers, Devices, Invitations, Memberships, NationalIds, Organizations, PaymentCallbackInbox, PaymentSubscriptions, PaymentTransactions, UnitOfWork, Users } from '@idv/core';
import type { DatabaseConfig } from './database/database-config.js';
import { openDatabase, type OpenDatabaseOptions, type PersistenceOrm } from './database/open-database.js';
import { createSqlRunner, type PoolStats, type QueryObserver, type SqlRunner, type SqlRunnerOptions } from './sql/sql-runner.js';
import { MikroOrmAuditLog } from './repositories/mikro-orm-audit-log.js';
import { MikroOrmCallers } from './repositories/mikro-orm-callers.js';
import { MikroOrmDevices } from './repositories/mikro-orm-devices.js';
import { MikroOrmInvitations } from './repositories/mikro-orm-invitations.js';
import { MikroOrmMemberships } from './repositories/mikro-orm-memberships.js';
import { MikroOrmNationalIds } from './repositories/mikro-orm-national-ids.js';
import { MikroOrmOrganizations } from './repositories/mikro-orm-organizations.js';
import { MikroOrmPaymentCallbackInbox } from './repositories/mikro-orm-payment-callback-inbox.js';
import { MikroOrmPaymentSubscriptions } from './repositories/mikro-orm-payment-subscriptions.js';
import { MikroOrmPaymentTransactions } from './repositories/mikro-orm-payment-transactions.js';
import { MikroOrmUsers } from './repositories/mikro-orm-users.js';
import { SqlUnitOfWork } from './repositories/sql-unit-of-work.js';

/** Everything the composition root binds from this package. */
export interface Persistence {
  readonly users: Users;
  /** A request's caller: the user row with their memberships, in one round trip. */
  readonly callers: Callers;
  readonly organizations: Organizations;
  readonly memberships: Memberships;
  readonly invitations: Invitations;
  readonly auditLog: AuditLog;
  /** Sealed national IDs only; sealing and opening is the `NationalIdVault` adapter's job. */
  readonly nationalIds: NationalIds;
  /** Payment transactions (no card data) and the inbox of verified payment callbacks. */
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentInbox: PaymentCallbackInbox;
  /** Issue #14: registered devices and their push tokens. */
  readonly devices: Devices;
  /** Iyzico subscriptions linked to organizations (the plan each renewal is charged at). */
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly unitOfWork: UnitOfWork;
  /** Applies pending migrations (on PostgreSQL under an advisory lock, so replicas apply each once); returns the names applied. */
  migrate(): Promise<readonly string[]>;
  /** Rejects when the database is unreachable (for `/health/ready`). */
  ping(): Promise<void>;
  /** The connection pools' counts right now: MikroORM's, and on PostgreSQL the prepared statements' own. */
  poolStats(): readonly PoolStats[];
  /** Closes the ORM and, for PGlite, the engine. */
  close(): Promise<void>;
  /** The ORM itself, for tooling and tests (schema diffs, raw SQL). */
  readonly orm: PersistenceOrm;
  /** The runner the repositories and the unit of work share, for tooling and tests. */
  readonly sql: SqlRunner;
}

/**
 * How to open the database, plus an observer of every repository statement (operators' metrics,
 * issue #12) and where transactions are kept while their work runs (see `TransactionSlot`).
 */
export interface CreatePersistenceOptions extends OpenDatabaseOptions {
  /** Told of every repository statement, for operators' metrics. */
  readonly onQuery?: QueryObserver;
  /** Told whenever the database answered a repository statement (the host closes a database incident). */
  readonly onAnswered?: () => void;
  /** Makes the slot where an open transaction is kept while its work runs (default: an AsyncLocalStorage of the runner's own). */
  readonly transactionSlot?: SqlRunnerOptions['transactionSlot'];
}

/**
 * Opens the database and builds the repositories on its global EntityManager.
 * @example
 * const persistence = await createPersistence({ kind: 'postgres', url }, { onDriverWarning: (m) => logger.warn(m) });
 * await persistence.migrate();
 * const user = await persistence.users.findByIdpId(idpId);
 */
export const createPersistence = async (config: DatabaseConfig, options: CreatePersistenceOptions = {}): Promise<Persistence> => {
  const db = await openDatabase(config, options);
  const em = db.orm.em;
  const sql = createSqlRunner(em, config, {
    ...(options.onDriverWarning === undefined ? {} : { onDriverWarning: options.onDriverWarning }),
    ...(options.onQuery === undefined ? {} : { onQuery: options.onQuery }),
    ...(options.onAnswered === undefined ? {} : { onAnswered: options.onAnswered }),
    ...(options.transactionSlot === undefined ? {} : { transactionSlot: options.transactionSlot }),
  });
  const parseDate = (value: string) => em.getPlatform().parseDate(value);
  return {
    users: new MikroOrmUsers(sql, parseDate),
    callers: new MikroOrmCallers(sql, parseDate),
    organizations: new MikroOrmOrganizations(sql, parseDate),
    memberships: new MikroOrmMemberships(sql, parseDate),
    invitations: new MikroOrmInvitations(sql, parseDate),
    auditLog: new MikroOrmAuditLog(sql, parseDate),
    nationalIds: new MikroOrmNationalIds(sql),
    paymentTransactions: new MikroOrmPaymentTransactions(sql, parseDate),
    paymentInbox: new MikroOrmPaymentCallbackInbox(sql, parseDate),
    devices: new MikroOrmDevices(sql, parseDate),
    paymentSubscriptions: new MikroOrmPaymentSubscriptions(sql, parseDate),
    unitOfWork: new SqlUnitOfWork(sql),
    migrate: db.migrate,
    ping: db.ping,
    poolStats: () => [db.poolStats(), sql.poolStats()].filter((stats): stats is PoolStats => stats !== undefined),
    close: async () => {
      await sql.close();
      await db.close();
    },
    orm: db.orm,
    sql,
  };
};
