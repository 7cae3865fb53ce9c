import { RequestContext } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { PersistenceOrm } from './open-database.js';

/** Runs `next` with its own EntityManager fork, found by the repositories through AsyncLocalStorage. */
export const withRequestContext = <T>(orm: PersistenceOrm, next: () => Promise<T>): Promise<T> =>
  RequestContext.create(orm.em, next);

/** An explicit fork for work outside any request (jobs, scripts). */
export const forkForBackgroundWork = (orm: PersistenceOrm): SqlEntityManager => orm.em.fork();
