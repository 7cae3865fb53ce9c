/**
 * The names of every registered migration, oldest first. Loaded on call, like the migrator itself:
 * the migration classes pull in `@mikro-orm/migrations`, which a running service never needs (docs/performance.md).
 *
 * @example
 * await migrationNames(); // ['Migration20261122005804_initial', …]
 */
export const migrationNames = async (): Promise<readonly string[]> =>
  (await import('./migrations-list.js')).migrationsList.map((migration) => migration.name);
