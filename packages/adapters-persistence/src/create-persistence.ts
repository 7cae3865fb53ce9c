import type {
  AgreementRenditions,
  AgreementTemplates,
  Agreements,
  AuditLog,
  Callers,
  Devices,
  IdempotencyRecords,
  EventDeliveries,
  EventLog,
  Invitations,
  Memberships,
  NationalIds,
  Organizations,
  PaymentCallbackInbox,
  PaymentSubscriptions,
  PaymentTransactions,
  Plans,
  Purchases,
  UnitOfWork,
  Users,
  WebhookEndpoints,
} from '@idv/core';
import type { DatabaseConfig } from './database/database-config.js';
import { openDatabase, type OpenDatabaseOptions, type PersistenceOrm } from './database/open-database.js';
import { createSqlRunner } from './sql/create-sql-runner.js';
import type { PoolStats, QueryObserver, SqlResult, SqlRunner, SqlRunnerOptions } from './sql/sql-runner.js';
import { SqlAgreementTemplates } from './repositories/sql-agreement-templates.js';
import { SqlAgreements } from './repositories/sql-agreements.js';
import { SqlAgreementRenditions } from './repositories/sql-agreement-renditions.js';
import { SqlAuditLog } from './repositories/sql-audit-log.js';
import { SqlCallers } from './repositories/sql-callers.js';
import { SqlDevices } from './repositories/sql-devices.js';
import { SqlEventDeliveries } from './repositories/sql-event-deliveries.js';
import { SqlEventLog } from './repositories/sql-event-log.js';
import { SqlWebhookEndpoints } from './repositories/sql-webhook-endpoints.js';
import { SqlInvitations } from './repositories/sql-invitations.js';
import { SqlMemberships } from './repositories/sql-memberships.js';
import { SqlNationalIds } from './repositories/sql-national-ids.js';
import { SqlOrganizations } from './repositories/sql-organizations.js';
import { SqlPaymentCallbackInbox } from './repositories/sql-payment-callback-inbox.js';
import { SqlPaymentSubscriptions } from './repositories/sql-payment-subscriptions.js';
import { SqlPlans } from './repositories/sql-plans.js';
import { SqlIdempotencyRecords } from './repositories/sql-idempotency-records.js';
import { SqlPurchases } from './repositories/sql-purchases.js';
import { SqlPaymentTransactions } from './repositories/sql-payment-transactions.js';
import { SqlUsers } from './repositories/sql-users.js';
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
  /** Registered devices and their push tokens. */
  readonly devices: Devices;
  /** Iyzico subscriptions linked to organizations (the plan each renewal is charged at). */
  readonly paymentSubscriptions: PaymentSubscriptions;
  /** What organizations sell on their public pages. */
  readonly plans: Plans;
  /** Kept `Idempotency-Key`s and their answers (never card data). */
  readonly idempotencyRecords: IdempotencyRecords;
  /** Visitors' purchases of plans (never card data or national IDs). */
  readonly purchases: Purchases;
  /** The outbox of outbound events and its pull feed. */
  readonly eventLog: EventLog;
  /** Organizations' webhook endpoints (secrets sealed). */
  readonly webhookEndpoints: WebhookEndpoints;
  /** The delivery log: one row per event and endpoint, one per attempt. */
  readonly eventDeliveries: EventDeliveries;
  /** Agreement templates with their versions, and agreements with their signing links. */
  readonly agreementTemplates: AgreementTemplates;
  readonly agreements: Agreements;
  /** The SHA-256 of every compliance PDF rendered. */
  readonly agreementRenditions: AgreementRenditions;
  readonly unitOfWork: UnitOfWork;
  /** Applies pending migrations (on PostgreSQL under an advisory lock, so replicas apply each once); returns the names applied. */
  migrate(): Promise<readonly string[]>;
  /**
   * Runs SQL text of a library's own (the job queue's) through the repositories' runner, joining
   * the caller's unit-of-work transaction when one is open, so what it writes commits or rolls back
   * with the write it follows (see `SqlRunner.executeSql`).
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<SqlResult>;
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
 * How to open the database, plus an observer of every repository statement (operators' metrics)
 * and where transactions are kept while their work runs (see `TransactionSlot`).
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
 * Opens the database with MikroORM and builds the repositories on one `SqlRunner` (prepared SQL, no EntityManager).
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
    users: new SqlUsers(sql, parseDate),
    callers: new SqlCallers(sql, parseDate),
    organizations: new SqlOrganizations(sql, parseDate),
    memberships: new SqlMemberships(sql, parseDate),
    invitations: new SqlInvitations(sql, parseDate),
    auditLog: new SqlAuditLog(sql, parseDate),
    nationalIds: new SqlNationalIds(sql),
    paymentTransactions: new SqlPaymentTransactions(sql, parseDate),
    paymentInbox: new SqlPaymentCallbackInbox(sql, parseDate),
    devices: new SqlDevices(sql, parseDate),
    paymentSubscriptions: new SqlPaymentSubscriptions(sql, parseDate),
    plans: new SqlPlans(sql, parseDate),
    idempotencyRecords: new SqlIdempotencyRecords(sql, parseDate),
    purchases: new SqlPurchases(sql, parseDate),
    eventLog: new SqlEventLog(sql, parseDate),
    webhookEndpoints: new SqlWebhookEndpoints(sql, parseDate),
    eventDeliveries: new SqlEventDeliveries(sql, parseDate),
    agreementTemplates: new SqlAgreementTemplates(sql, parseDate),
    agreements: new SqlAgreements(sql, parseDate),
    agreementRenditions: new SqlAgreementRenditions(sql, parseDate),
    unitOfWork: new SqlUnitOfWork(sql),
    executeSql: (text, values) => sql.executeSql(text, values),
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
