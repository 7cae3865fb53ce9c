import PgBoss from 'pg-boss';
import type { SqlExecutor } from './sql-executor.js';

/** The PostgreSQL schema pg-boss's tables live in. */
export const JOB_SCHEMA = 'pgboss';

/** Whether the job queue's tables are there, and at pg-boss's version. */
export type JobSchemaState = 'missing' | 'outdated' | 'current';

/** The job queue's tables are missing or older than this pg-boss: the service was started without migrating. */
export class JobSchemaNotReady extends Error {
  constructor(readonly state: Exclude<JobSchemaState, 'current'>) {
    super(
      state === 'missing'
        ? 'the job queue schema (pgboss) is not installed: run `npm run db:migrate` (or start with MIGRATE_ON_START=true)'
        : 'the job queue schema (pgboss) is older than this version needs: run `npm run db:migrate` (or start with MIGRATE_ON_START=true)',
    );
    this.name = 'JobSchemaNotReady';
  }
}

// A boss that only reads or installs the schema: no maintenance, no schedules, no workers.
const schemaBoss = (executor: SqlExecutor, migrate: boolean): PgBoss =>
  new PgBoss({
    db: { executeSql: (text, values) => executor.executeSql(text, values) as Promise<{ rows: Record<string, unknown>[] }> },
    schema: JOB_SCHEMA,
    migrate,
    supervise: false,
    schedule: false,
  });

/** Reads whether pg-boss's schema is installed and current, without changing anything. */
export const jobSchemaState = async (executor: SqlExecutor): Promise<JobSchemaState> => {
  const boss = schemaBoss(executor, false);
  if (!(await boss.isInstalled())) return 'missing';
  const installed = Number(await boss.schemaVersion());
  return installed >= PG_BOSS_SCHEMA_VERSION ? 'current' : 'outdated';
};

/** The schema version pg-boss 10.4.2 installs and expects (its `version.json`; a test holds them equal). */
export const PG_BOSS_SCHEMA_VERSION = 24;

/**
 * Installs pg-boss's schema, or upgrades it, through the executor (the migration path only:
 * `npm run db:migrate` and start-up with `MIGRATE_ON_START=true`). pg-boss takes an advisory lock
 * of its own, so replicas migrating together install it once. Answers what it did, for the
 * migration's report (`pgboss v24`), or nothing when it was current.
 */
export const installJobSchema = async (executor: SqlExecutor): Promise<string | undefined> => {
  const before = await jobSchemaState(executor);
  if (before === 'current') return undefined;
  const boss = schemaBoss(executor, true);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  return `${JOB_SCHEMA} v${PG_BOSS_SCHEMA_VERSION}`;
};
