import type { IncidentError } from '@idv/core';
import { DataDirInUseError } from '@idv/adapters-persistence';

/** Where the configured database comes from, for the operator who has to fix it. */
export type DatabaseKind = 'postgres' | 'pglite';

const reasonOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

/**
 * The configured database could not be opened or migrated at start-up. The message names the step
 * and the driver's reason (an address, a role, a missing folder), never the URL, which may hold a
 * password.
 */
export class DatabaseUnavailableError extends Error implements IncidentError {
  readonly incident = 'database-unavailable' as const;

  constructor(
    readonly kind: DatabaseKind,
    readonly step: 'open' | 'migrate',
    override readonly cause: unknown,
  ) {
    super(
      `the ${kind === 'postgres' ? 'PostgreSQL database' : 'embedded database'} could not be ${step === 'open' ? 'opened' : 'migrated'} (${reasonOf(cause)})`,
    );
    this.name = 'DatabaseUnavailableError';
  }

  /** The message and what to do about it, as the entry points print it after `Cannot start: ` and the like. */
  get advice(): string {
    return `${this.message}. ${this.hint}`;
  }

  /** What to do: check the variable that chose the database, stop the process holding it, or fix what a migration met. */
  get hint(): string {
    if (this.step === 'migrate')
      return 'Fix what the database refused, then start again (npm run db:migrate applies the migrations alone).';
    if (this.cause instanceof DataDirInUseError)
      return 'Stop that process first, or give this one another DATA_DIR; if no such process runs, delete the lock.';
    return this.kind === 'postgres'
      ? 'Check DATABASE_URL and that the server accepts connections.'
      : 'Check that DATA_DIR is a writable folder.';
  }
}
