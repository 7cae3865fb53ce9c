/**
 * A select list of `columns` (`"a", "b"`) of the table aliased `alias`, each renamed `prefix` and its
 * name, so one row can carry several tables' columns without clashes.
 *
 * @example
 * prefixedColumns('"id", "url"', 'w', 'w_'); // '"w"."id" as "w_id", "w"."url" as "w_url"'
 */
export const prefixedColumns = (columns: string, alias: string, prefix: string): string =>
  columns
    .split(',')
    .map((column) => column.trim())
    .map((column) => `"${alias}".${column} as "${prefix}${column.slice(1, -1)}"`)
    .join(', ');

/** The columns of `row` named with `prefix`, under their own names (what `prefixedColumns` renamed). */
export const unprefixed = <R>(row: Readonly<Record<string, unknown>>, prefix: string): R =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  ) as R;
