import { createJobAdmin, type DeadJob } from '@idv/adapters-jobs';
import { openJobs } from './open-database.js';
import { runMaintenanceScript } from './scripts/run-script.js';

// `npm run jobs list-dead` | `npm run jobs retry <id>` | `npm run jobs stats`: the durable queue's
// dead jobs, retrying one, and per-queue counts. Output on stdout; log lines on stderr.
const [command, argument] = process.argv.slice(2);
const USAGE = ['Usage: npm run jobs list-dead | npm run jobs retry <job id> | npm run jobs stats'];

const deadLine = (job: DeadJob): string =>
  `${job.id}  ${job.queue}  retries=${job.retries}  died=${job.diedAt ?? '-'}  ${job.error ?? ''}`.trimEnd();

await runMaintenanceScript({
  verb: 'run jobs',
  failedAs: 'Jobs command failed',
  stopsAfter: 'the current command',
  phases: {},
  refusal: () =>
    command === 'list-dead' || command === 'stats' || (command === 'retry' && argument !== undefined && argument !== '') ? [] : USAGE,
  run: async ({ config, logger, persistence }) => {
    const jobs = await openJobs(persistence, config.jobs, logger, { maintain: false });
    try {
      const admin = createJobAdmin(jobs);
      if (command === 'retry') {
        const retried = await admin.retry(argument!);
        if (!retried) throw new Error(`no dead job ${argument}`);
        return `retried ${argument}`;
      }
      if (command === 'stats') {
        const stats = await admin.stats();
        return stats
          .map(
            (queue) =>
              `${queue.queue}  waiting=${queue.waiting}  active=${queue.active}  dead=${queue.dead}  oldest=${Math.round(queue.oldestWaitingSeconds)}s`,
          )
          .join('\n');
      }
      const dead = await admin.listDead();
      return dead.length === 0 ? 'no dead jobs' : dead.map(deadLine).join('\n');
    } finally {
      await jobs.stop();
    }
  },
});
