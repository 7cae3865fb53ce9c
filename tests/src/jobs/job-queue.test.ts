import {
  createJobAdmin,
  createJobQueue,
  installJobSchema,
  jobSchemaState,
  openJobBoss,
  PG_BOSS_SCHEMA_VERSION,
  startJobWorkers,
  type JobBoss,
  type JobSettings,
} from '@idv/adapters-jobs';
import type { JobData } from '@idv/core';
import { RecordingLogger } from '@idv/core/testing';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { createRequire } from 'node:module';
import { forEachBackend, type Backend } from '../persistence/support/backends.js';

// Fast polls and a one-second first retry, so a retried job is seen within seconds.
const SETTINGS: JobSettings = { workers: 2, retryLimit: 3, retryDelaySeconds: 1, pollIntervalSeconds: 0.5, leaseSeconds: 900 };

/** Polls `read` until `accept` holds, within a bounded deadline (the workers run on their own timers). */
const eventually = async <T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, deadlineMs = 20_000): Promise<T> => {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const jobsOf = async (backend: Backend, queue: string) =>
  (
    await backend
      .persistence()
      .executeSql('select id, state, retry_count, data from pgboss.job where name = $1 order by created_on', [queue])
  ).rows as { id: string; state: string; retry_count: number; data: JobData }[];

forEachBackend((backend) => {
  const { label } = backend;
  let jobs: JobBoss | undefined;
  const logger = new RecordingLogger();
  const boss = () => {
    if (jobs === undefined) throw new Error('the job boss was not opened');
    return jobs;
  };

  test.serial.before(async () => {
    jobs = await openJobBoss({ executor: backend.persistence(), settings: SETTINGS, logger }).catch(async (error: unknown) => {
      // The first open finds no schema: migration installs it, as `npm run db:migrate` does.
      if (!(error instanceof Error) || error.name !== 'JobSchemaNotReady') throw error;
      await installJobSchema(backend.persistence());
      return openJobBoss({ executor: backend.persistence(), settings: SETTINGS, logger });
    });
  });
  test.after.always(async () => {
    await jobs?.stop();
  });

  test.serial(`${label}: the schema is installed by migration only, at pg-boss's own version`, async (t) => {
    t.is(await jobSchemaState(backend.persistence()), 'current');
    const require = createRequire(import.meta.url);
    const packaged = require('pg-boss/version.json') as { schema: number };
    t.is(PG_BOSS_SCHEMA_VERSION, packaged.schema);
    t.is(await installJobSchema(backend.persistence()), undefined, 'a current schema is left alone');
  });

  test.serial(`${label}: a job enqueued in a unit of work that rolls back does not exist; one that commits runs`, async (t) => {
    const persistence = backend.persistence();
    const queue = createJobQueue(boss());
    const ran: unknown[] = [];
    let ranOnce: () => void = () => undefined;
    const committedRan = new Promise<void>((resolve) => (ranOnce = resolve));
    const workers = await startJobWorkers(boss(), {
      'test.outbox': async (data) => {
        ran.push(data);
        ranOnce();
      },
    });
    try {
      const rolledBack = await persistence.unitOfWork.run(async () => {
        await queue.enqueue('test.outbox', { which: 'rolled back' });
        return E.left('refused');
      });
      t.deepEqual(rolledBack, E.left('refused'));
      await persistence.unitOfWork.run(async () => {
        await queue.enqueue('test.outbox', { which: 'committed' });
        return E.right(undefined);
      });
      await committedRan;
      const rows = await eventually(
        () => jobsOf(backend, 'test.outbox'),
        (found) => found.every((row) => row.state === 'completed'),
        'the committed job completes',
      );
      t.deepEqual(
        rows.map((row) => row.data),
        [{ which: 'committed' }],
      );
      t.deepEqual(ran, [{ which: 'committed' }]);
    } finally {
      await workers.stop(5);
    }
  });

  test.serial(`${label}: a failing job is retried with backoff, then dead (failed) and kept`, async (t) => {
    const queue = createJobQueue(boss());
    let attempts = 0;
    const workers = await startJobWorkers(boss(), {
      'test.failing': async () => {
        attempts += 1;
        throw new Error(`attempt ${attempts} refused`);
      },
    });
    try {
      await queue.enqueue('test.failing', { n: 1 }, { retryLimit: 1 });
      const [dead] = await eventually(
        () => jobsOf(backend, 'test.failing'),
        (found) => found[0]?.state === 'failed',
        'the job dies after its retry',
      );
      t.is(attempts, 2, 'the first attempt and one retry');
      t.is(dead?.retry_count, 1);
      const failures = logger.entries.filter((entry) => entry.message === 'job failed' && entry.fields['queue'] === 'test.failing');
      t.deepEqual(
        failures.map((entry) => entry.fields['attempt']),
        [1, 2],
      );
    } finally {
      await workers.stop(5);
    }
  });

  test.serial(`${label}: the admin lists the dead job with its error, counts it, and puts it back to be retried`, async (t) => {
    const admin = createJobAdmin(boss());
    const dead = (await admin.listDead()).filter((job) => job.queue === 'test.failing');
    t.is(dead.length, 1);
    t.like(dead[0], { queue: 'test.failing', retries: 1, error: 'attempt 2 refused' });
    t.like(
      (await admin.stats()).find((queue) => queue.queue === 'test.failing'),
      { dead: 1, active: 0 },
    );
    t.false(await admin.retry('00000000-0000-4000-8000-000000000000'), 'no such dead job');
    t.false(await admin.retry('not-an-id'));
    t.true(await admin.retry(dead[0]!.id));
    const [retried] = await jobsOf(backend, 'test.failing');
    t.true(retried?.state === 'retry' || retried?.state === 'created', `state ${retried?.state}`);
    t.deepEqual(
      (await admin.listDead()).filter((job) => job.queue === 'test.failing'),
      [],
    );
  });

  test.serial(`${label}: a job with a singleton key enqueued twice exists once, on standard and stately queues`, async (t) => {
    const persistence = backend.persistence();
    const queue = createJobQueue(boss());
    await boss().ensureQueues(['test.once']);
    await boss().ensureQueues(['test.periodic'], 'stately');
    const later = new Date(Date.now() + 60 * 60 * 1000);
    for (let round = 0; round < 2; round += 1) {
      await persistence.unitOfWork.run(async () => {
        await queue.enqueue('test.once', { round }, { singletonKey: 'event-1:endpoint-1' });
        await queue.enqueue('test.periodic', { round }, { singletonKey: 'sweep', startAfter: later });
        return E.right(undefined);
      });
    }
    await queue.enqueue('test.once', { round: 'other key' }, { singletonKey: 'event-1:endpoint-2' });
    t.deepEqual(
      (await jobsOf(backend, 'test.once')).map((row) => row.data),
      [{ round: 0 }, { round: 'other key' }],
    );
    t.deepEqual(
      (await jobsOf(backend, 'test.periodic')).map((row) => row.data),
      [{ round: 0 }],
    );
  });

  test.serial(`${label}: stopping the workers waits for a running job, and hands back one still running after the grace`, async (t) => {
    const queue = createJobQueue(boss());
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started: (name: string) => void = () => undefined;
    const startedJobs: string[] = [];
    const bothStarted = new Promise<void>((resolve) => {
      started = (name) => {
        startedJobs.push(name);
        if (startedJobs.length === 2) resolve();
      };
    });
    const workers = await startJobWorkers(boss(), {
      'test.finishes': async () => {
        started('finishes');
        await released;
      },
      'test.hangs': async () => {
        started('hangs');
        await new Promise<never>(() => undefined);
      },
    });
    await queue.enqueue('test.finishes', {});
    await queue.enqueue('test.hangs', {});
    await bothStarted;
    const stopped = workers.stop(1);
    release();
    await stopped;
    const [finished] = await jobsOf(backend, 'test.finishes');
    const [handedBack] = await jobsOf(backend, 'test.hangs');
    t.is(finished?.state, 'completed');
    t.is(handedBack?.state, 'retry', 'interrupted by the shutdown, retried later');
  });

  test.serial(`${label}: enqueueing to a queue that was never created rejects, naming it`, async (t) => {
    const error = await t.throwsAsync(createJobQueue(boss()).enqueue('test.nowhere', {}));
    t.is(error?.name, 'UnknownJobQueue');
    t.regex(error?.message ?? '', /test\.nowhere/);
  });
});
