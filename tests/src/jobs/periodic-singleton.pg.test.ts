import { createPersistence, type Persistence } from '@idv/adapters-persistence';
import { createJobQueue, installJobSchema, openJobBoss, startJobWorkers, type JobBoss, type JobWorkers } from '@idv/adapters-jobs';
import { RecordingLogger } from '@idv/core/testing';
import test from 'ava';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase, type ScratchDatabase } from '../persistence/support/scratch-database.js';

// Two instances of the service share one PostgreSQL database: each its own pool, its own pg-boss and
// its own workers, as two processes would have. A periodic job in a stately queue, keyed by its name
// and re-enqueued by each run, must run on one of them at a time.
const url = testDatabaseUrl();
const QUEUE = 'test.periodic-sweep';
const SETTINGS = { workers: 2, retryLimit: 3, retryDelaySeconds: 1, pollIntervalSeconds: 0.5, leaseSeconds: 900 };

if (url === undefined) {
  reportPostgresNotRun('PostgreSQL: a periodic singleton runs on one of two instances at a time (TEST_DATABASE_URL is unset)');
} else {
  let scratch: ScratchDatabase | undefined;
  const instances: { persistence: Persistence; jobs: JobBoss }[] = [];
  test.before(async () => {
    scratch = await createScratchDatabase(url);
    for (let i = 0; i < 2; i += 1) {
      const persistence = await createPersistence({ kind: 'postgres', url: scratch.url });
      if (i === 0) {
        await persistence.migrate();
        await installJobSchema(persistence);
      }
      instances.push({
        persistence,
        jobs: await openJobBoss({ executor: persistence, settings: SETTINGS, logger: new RecordingLogger() }),
      });
    }
  });
  test.after.always(async () => {
    for (const { persistence, jobs } of instances) {
      await jobs.stop();
      await persistence.close();
    }
    await scratch?.drop();
  });

  test('PostgreSQL: a periodic singleton re-enqueued by each run runs on one of two instances at a time, never both', async (t) => {
    const runs: { instance: number; overlapping: number }[] = [];
    let running = 0;
    let enough: () => void = () => undefined;
    const eightRuns = new Promise<void>((resolve) => (enough = resolve));
    const workers: JobWorkers[] = [];
    for (const [index, { jobs }] of instances.entries()) {
      const queue = createJobQueue(jobs);
      const handler = async () => {
        running += 1;
        runs.push({ instance: index, overlapping: running });
        // The next run is due at once, while this one runs: only the stately policy keeps the other
        // instance, which polls meanwhile, from starting it before this one ends.
        if (runs.length < 8) await queue.enqueue(QUEUE, {}, { singletonKey: QUEUE, startAfter: new Date() });
        await new Promise((resolve) => setTimeout(resolve, 300));
        running -= 1;
        if (runs.length >= 8) enough();
      };
      workers.push(await startJobWorkers(jobs, { [QUEUE]: handler }, { stately: [QUEUE] }));
    }
    // Both instances schedule the first run at start, as every server does: the key keeps one.
    for (const { jobs } of instances) await createJobQueue(jobs).enqueue(QUEUE, {}, { singletonKey: QUEUE, startAfter: new Date() });
    await eightRuns;
    await Promise.all(workers.map((set) => set.stop(5)));
    t.true(runs.length >= 8);
    t.deepEqual(
      runs.filter((run) => run.overlapping > 1),
      [],
      'no run started while another was running',
    );
  });
}
