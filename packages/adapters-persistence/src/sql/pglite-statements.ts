import { protocol, type messages, type PGlite } from '@electric-sql/pglite';
import type { Statement } from './statement.js';

type Parser = (text: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

/** A statement's result: its rows, and the count its command tag reports (as `pg` reads it). */
export interface StatementResult {
  readonly rows: Record<string, unknown>[];
  readonly rowCount: number;
}

/** What preparing a statement told us once: how to write its parameters and read its columns. */
interface PreparedShape {
  readonly parameters: readonly (Serializer | undefined)[];
  readonly columns: readonly { readonly name: string; readonly typeId: number; readonly parse: Parser | undefined }[];
}

const { serialize } = protocol;

// Per instance, not per runner: a name is prepared once in the instance's one session, whoever runs it.
const shapesByInstance = new WeakMap<PGlite, Map<string, PreparedShape>>();

// `pg`'s reading of a command tag: its last number ("INSERT 0 1", "UPDATE 3", "SELECT 2"), else 0.
const countOf = (tag: string): number => {
  const last = tag.slice(tag.lastIndexOf(' ') + 1);
  return /^\d+$/.test(last) ? Number(last) : 0;
};

// Parse and describe, ended by a sync, and remember the shape. A failed parse throws before it is
// remembered and leaves nothing named behind, so the next call prepares again.
const prepare = async (pglite: PGlite, statement: Statement): Promise<PreparedShape> => {
  const { messages: replies } = await pglite.execProtocol(
    Buffer.concat([
      serialize.parse({ name: statement.name, text: statement.numberedText }),
      serialize.describe({ type: 'S', name: statement.name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  let parameters: PreparedShape['parameters'] = [];
  let columns: PreparedShape['columns'] = [];
  for (const reply of replies) {
    if (reply.name === 'parameterDescription') {
      parameters = (reply as messages.ParameterDescriptionMessage).dataTypeIDs.map(
        (typeId) => pglite.serializers[typeId] as Serializer | undefined,
      );
    } else if (reply.name === 'rowDescription') {
      columns = (reply as messages.RowDescriptionMessage).fields.map((field) => ({
        name: field.name,
        typeId: field.dataTypeID,
        parse: pglite.parsers[field.dataTypeID] as Parser | undefined,
      }));
    }
  }
  const shape = { parameters, columns };
  let shapes = shapesByInstance.get(pglite);
  if (shapes === undefined) shapesByInstance.set(pglite, (shapes = new Map()));
  shapes.set(statement.name, shape);
  return shape;
};

/** The statement's shape on this instance, known after its first run; undefined before. */
const knownShape = (pglite: PGlite, statement: Statement): PreparedShape | undefined => shapesByInstance.get(pglite)?.get(statement.name);

/** Rows read by the prepared shape's column parsers, and the count of the command tag. */
const resultOf = (replies: readonly messages.BackendMessage[], shape: PreparedShape): StatementResult => {
  const rows: Record<string, unknown>[] = [];
  let rowCount = 0;
  for (const reply of replies) {
    if (reply.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (reply as messages.DataRowMessage).fields.forEach((text, index) => {
        const column = shape.columns[index]!;
        row[column.name] = text === null || column.parse === undefined ? text : column.parse(text, column.typeId);
      });
      rows.push(row);
    } else if (reply.name === 'commandComplete') {
      rowCount = countOf((reply as messages.CommandCompleteMessage).text);
    }
  }
  return { rows, rowCount };
};

/**
 * Runs `statement` on `pglite` as a named prepared statement, parsed and described once per
 * instance, then run as one bind-execute-sync message. PGlite's own `query` sends every call as six
 * calls into its WebAssembly (parse, describe, bind, describe, execute, sync), then copies its
 * whole table of type parsers to read the rows (measured in docs/performance.md).
 * Values are written and rows read by the instance's own serializers and parsers, chosen by the
 * types PostgreSQL described, as `query` does. `syncToFs` as `query` does it: after a statement
 * outside a transaction (the commit syncs the others).
 *
 * The caller decides which transaction the statement is in by holding the instance (the ORM's pool
 * of one, or an open transaction's connection); this takes PGlite's query lock besides, because
 * `execProtocol` keeps the replies of the call in progress on the instance, so two calls must not
 * overlap (statements a transaction's work runs side by side, or the ORM's own queries in it).
 *
 * @example
 * const { rows } = await runPgliteStatement(pglite, FIND_USER, ['user_1'], true);
 */
export const runPgliteStatement = (
  pglite: PGlite,
  statement: Statement,
  values: readonly unknown[],
  syncToFs: boolean,
): Promise<StatementResult> =>
  pglite.runExclusive(async () => {
    // A known shape is read without an await: every statement after the first takes this path (docs/performance.md).
    const shape = knownShape(pglite, statement) ?? (await prepare(pglite, statement));
    const written = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = shape.parameters[index];
      return write === undefined ? String(value) : write(value);
    });
    const { messages: replies } = await pglite.execProtocol(
      Buffer.concat([serialize.bind({ statement: statement.name, values: written }), serialize.execute({}), serialize.sync()]),
      { syncToFs },
    );
    return resultOf(replies, shape);
  });
