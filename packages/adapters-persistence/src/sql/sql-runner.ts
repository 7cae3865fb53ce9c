import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Statement } from './statement.js';

/** Runs a statement and returns its rows; `run` returns the affected row count instead. */
export interface SqlRunner {
  rows<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]>;
  run(statement: Statement, values: readonly unknown[]): Promise<number>;
}

/** The part of a `pg` client the runner uses. */
interface PreparingClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** The part of knex's client that lends pooled connections. */
interface ConnectionPool {
  acquireConnection(): Promise<PreparingClient>;
  releaseConnection(connection: PreparingClient): Promise<void>;
}

/** Through MikroORM: it interpolates the values into the text, so PostgreSQL parses every call anew. */
const viaOrm = (em: SqlEntityManager): SqlRunner => ({
  rows: (statement, values) => em.execute(statement.text, [...values]),
  run: async (statement, values) => (await em.execute<{ affectedRows: number }>(statement.text, [...values], 'run')).affectedRows,
});

/**
 * The runner for repositories. On PostgreSQL, outside a transaction, a statement runs as a named
 * prepared statement on a connection borrowed from the ORM's own pool (MikroORM cannot prepare);
 * inside `em.transactional` it goes through the ORM so it joins the transaction's connection.
 * On PGlite (one in-process connection, no wire protocol) everything goes through the ORM.
 */
export const createSqlRunner = (em: SqlEntityManager, kind: 'postgres' | 'pglite'): SqlRunner => {
  const orm = viaOrm(em);
  if (kind === 'pglite') return orm;
  const pool = em.getConnection().getKnex().client as unknown as ConnectionPool;
  const prepared = async (statement: Statement, values: readonly unknown[]) => {
    const connection = await pool.acquireConnection();
    try {
      return await connection.query({ name: statement.name, text: statement.numberedText, values: [...values] });
    } finally {
      await pool.releaseConnection(connection);
    }
  };
  return {
    rows: async <Row>(statement: Statement, values: readonly unknown[]) =>
      em.isInTransaction() ? orm.rows<Row>(statement, values) : ((await prepared(statement, values)).rows as Row[]),
    run: async (statement, values) =>
      em.isInTransaction() ? orm.run(statement, values) : ((await prepared(statement, values)).rowCount ?? 0),
  };
};
