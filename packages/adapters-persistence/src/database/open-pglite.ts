import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's own defaults for the messages a session formats. PGlite starts its backend with
 * `client_min_messages=debug3` and `log_min_messages=debug1` on its command line, so every statement
 * formats debug messages that nobody reads: measured in-process, a prepared one-row lookup took
 * 66 µs against 35 µs with these (docs/performance.md). Warnings and errors, and notices to the client, stay.
 */
const SET_POSTGRES_MESSAGE_LEVELS = 'set client_min_messages = notice; set log_min_messages = warning';

/**
 * Opens a PGlite instance, in memory (no `dataDir`) or in a directory, with its one session's
 * message levels set to PostgreSQL's defaults (see `SET_POSTGRES_MESSAGE_LEVELS`).
 */
export const openPglite = async (dataDir: string | undefined): Promise<PGlite> => {
  const pglite = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  try {
    await pglite.exec(SET_POSTGRES_MESSAGE_LEVELS);
    return pglite;
  } catch (error) {
    await pglite.close();
    throw error;
  }
};
