/** Where the data lives: PGlite in memory (no `dataDir`) or in a directory, or a PostgreSQL server. */
export type DatabaseConfig = { readonly kind: 'pglite'; readonly dataDir?: string } | { readonly kind: 'postgres'; readonly url: string };
