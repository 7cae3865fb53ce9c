import { join } from 'node:path';
import { createPersistence } from '@idv/adapters-persistence';
import type { ProcessPair } from '../e2e/environment/process-pair.js';
import { runOnce } from '../persistence/support/scratch-database.js';
import type { ServiceUserRow } from './compare-users.js';

const SELECT_USERS = 'select "idp_id" as "idpId", "email", "image_url" as "imageUrl", "deleted_at" is not null as "deleted" from "users"';

/** The service's `users` table on a PostgreSQL database, read beside the running service. */
export const postgresUsers = async (url: string): Promise<ServiceUserRow[]> => (await runOnce(url, SELECT_USERS)).rows as ServiceUserRow[];

/**
 * The `users` table of the pair's embedded PGlite: one process at a time may open it, so the service
 * stops (SIGTERM, a clean close), the table is read, and the service starts again on the same data.
 */
export const pgliteUsers = async (pair: ProcessPair): Promise<ServiceUserRow[]> => {
  const dataDir = join(pair.service().dataDir, 'pglite');
  await pair.stopService();
  const persistence = await createPersistence({ kind: 'pglite', dataDir });
  try {
    return await persistence.orm.em.execute<ServiceUserRow[]>(SELECT_USERS);
  } finally {
    await persistence.close();
    await pair.restartService();
  }
};
