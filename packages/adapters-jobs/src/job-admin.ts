import type { JobBoss } from './job-boss.js';
import { JOB_SCHEMA } from './job-schema.js';

/** A dead job: failed after its last retry. */
export interface DeadJob {
  readonly id: string;
  readonly queue: string;
  /** Retries made after the first attempt. */
  readonly retries: number;
  /** When its last attempt failed (ISO 8601). */
  readonly diedAt: string | null;
  /** The last failure's message (no stack). */
  readonly error: string | null;
}

/** One queue's counts right now. */
export interface QueueStats {
  readonly queue: string;
  /** Due now and waiting for a worker (new or to be retried). */
  readonly waiting: number;
  readonly active: number;
  readonly dead: number;
  /** Age of the oldest job due and waiting, in seconds (0 with none). */
  readonly oldestWaitingSeconds: number;
}

/** Operators' view of the queue: dead jobs, retrying one, per-queue counts (`npm run jobs`, `/metrics`). */
export interface JobAdmin {
  /** The dead jobs, the most recent first (at most `limit`, default 100). */
  listDead(limit?: number): Promise<readonly DeadJob[]>;
  /** Puts a dead job back to be retried; false when no dead job has this id. */
  retry(id: string): Promise<boolean>;
  /** Counts per queue. */
  stats(): Promise<readonly QueueStats[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const messageOf = (output: unknown): string | null => {
  if (output !== null && typeof output === 'object' && 'message' in output) return String((output as { message: unknown }).message);
  return output === null || output === undefined ? null : JSON.stringify(output);
};

/**
 * The admin of the queue on a started pg-boss (its statements through the service's executor).
 *
 * @example
 * const admin = createJobAdmin(boss);
 * for (const job of await admin.listDead()) await admin.retry(job.id);
 */
export const createJobAdmin = (jobs: JobBoss): JobAdmin => {
  const sql = jobs.executor;
  return {
    listDead: async (limit = 100) => {
      const { rows } = await sql.executeSql(
        `select id::text as id, name, retry_count, completed_on, output from ${JOB_SCHEMA}.job where state = 'failed' order by completed_on desc nulls last limit $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: String(row['id']),
        queue: String(row['name']),
        retries: Number(row['retry_count']),
        diedAt:
          row['completed_on'] instanceof Date
            ? row['completed_on'].toISOString()
            : row['completed_on'] === null
              ? null
              : String(row['completed_on']),
        error: messageOf(typeof row['output'] === 'string' ? (JSON.parse(row['output']) as unknown) : row['output']),
      }));
    },
    retry: async (id) => {
      if (!UUID.test(id)) return false;
      const { rows } = await sql.executeSql(`select name from ${JOB_SCHEMA}.job where id = $1 and state = 'failed'`, [id]);
      const name = rows[0]?.['name'];
      if (typeof name !== 'string') return false;
      await jobs.boss.retry(name, id);
      return true;
    },
    stats: async () => {
      const { rows } = await sql.executeSql(
        `select q.name,
           count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as waiting,
           count(j.id) filter (where j.state = 'active')::int as active,
           count(j.id) filter (where j.state = 'failed')::int as dead,
           coalesce(extract(epoch from now() - min(j.created_on) filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8 as oldest
         from ${JOB_SCHEMA}.queue q left join ${JOB_SCHEMA}.job j on j.name = q.name
         group by q.name order by q.name`,
      );
      return rows.map((row) => ({
        queue: String(row['name']),
        waiting: Number(row['waiting']),
        active: Number(row['active']),
        dead: Number(row['dead']),
        oldestWaitingSeconds: Number(row['oldest']),
      }));
    },
  };
};
