import { ContainerModule } from 'inversify';
import { createJobQueue, type JobBoss } from '@idv/adapters-jobs';
import { TOKENS } from './tokens.js';

/** The durable job queue on the started pg-boss; the areas bind their handlers under `TOKENS.JobHandlers` themselves. */
export const jobsModule = (jobs: JobBoss): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.JobQueue).toConstantValue(createJobQueue(jobs));
  });
