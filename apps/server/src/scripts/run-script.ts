import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import type { Logger } from '@idv/core';
import type { Persistence } from '@idv/adapters-persistence';
import { RequestScopes } from '@idv/adapters-observability';
import type { AppConfig } from '../config/app-config.js';
import { loadConfig } from '../config/load-config.js';
import { DatabaseUnavailableError } from '../database-unavailable-error.js';
import { createLogger } from '../observability/create-logger.js';
import { createObservability, type Observability } from '../observability/observability.js';
import { migrateDatabase, openDatabase } from '../open-database.js';
import { progressReporter, type PhaseLabels, type ScriptProgress } from '../sync/progress-reporter.js';

/** What a maintenance script's run is given. */
export interface ScriptRun<Phase extends string> {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly observability: Observability;
  readonly persistence: Persistence;
  readonly onProgress: (progress: ScriptProgress<Phase>) => void;
  /** True once Ctrl-C asked the run to stop (after its current page or batch). */
  readonly stopRequested: () => boolean;
}

/** A maintenance script (`npm run sync:users`, `npm run national-ids:reseal`). */
export interface MaintenanceScript<Phase extends string> {
  /** The verb of its refusals: `Cannot <verb>: …`. */
  readonly verb: string;
  /** The start of its failure line: `<failedAs>: <reason>`. */
  readonly failedAs: string;
  /** What Ctrl-C lets finish: `interrupted: stopping after <stopsAfter>`. */
  readonly stopsAfter: string;
  readonly phases: PhaseLabels<Phase>;
  /** Lines saying why this configuration cannot run the script (none: it can), checked before the database is opened. */
  readonly refusal?: (config: AppConfig, env: NodeJS.ProcessEnv) => readonly string[];
  /** The work; resolves to the one summary line printed on stdout. */
  readonly run: (run: ScriptRun<Phase>) => Promise<string>;
}

const refuse = (lines: readonly string[]): never => {
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exit(1);
};

/**
 * Runs a maintenance script the one way they all run: the configuration decoded (one line per
 * problem), the database opened (one line saying what to check; on the embedded database, one line
 * naming the process that holds it), migrations applied when `MIGRATE_ON_START`, a progress bar on
 * a terminal (plain lines otherwise) and log lines on stderr, the one summary line on stdout.
 * Exit 0 when done, 1 when it could not run or failed, 130 when interrupted (the summary says how far it got).
 *
 * @example
 * await runMaintenanceScript({ verb: 'sync', failedAs: 'Sync failed', stopsAfter: 'the current page', phases, run });
 */
export const runMaintenanceScript = async <Phase extends string>(script: MaintenanceScript<Phase>): Promise<void> => {
  const decoded = loadConfig(process.env);
  if (E.isLeft(decoded)) refuse([`Cannot ${script.verb}: invalid configuration`, ...decoded.left.map((line) => `  ${line}`)]);
  const config = E.isRight(decoded) ? decoded.right : refuse([]);
  const refusal = script.refusal?.(config, process.env) ?? [];
  if (refusal.length > 0) refuse(refusal);

  // Log lines (JSON) go to stderr next to the progress, so stdout carries only the summary.
  const scopes = new RequestScopes();
  const logger = createLogger(config.logLevel, pino.destination({ dest: 2, sync: true }), scopes);
  // The same error tracking and analytics as the server (SENTRY_DSN, POSTHOG_API_KEY), flushed before exit.
  const observability = createObservability(config.observability, logger, scopes);
  const persistence = await openDatabase(config.database, {
    transactionSlot: () => scopes.slot(),
    onDriverWarning: (message) => logger.warn({ driverMessage: message }, 'database driver warning'),
  }).catch((error: unknown) =>
    refuse([`Cannot ${script.verb}: ${error instanceof DatabaseUnavailableError ? error.advice : String(error)}`]),
  );
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    process.stderr.write(`\ninterrupted: stopping after ${script.stopsAfter}\n`);
  });
  const progress = progressReporter(process.stderr, script.phases);
  try {
    if (config.migrateOnStart) await migrateDatabase(persistence, config.database);
    const summary = await script.run({
      config,
      logger,
      observability,
      persistence,
      onProgress: progress.update,
      stopRequested: () => interrupted,
    });
    progress.stop();
    process.stdout.write(`${summary}\n`);
    await observability.flush(config.observability.shutdownGraceMs);
    process.exitCode = interrupted ? 130 : 0;
  } catch (error) {
    progress.stop();
    process.stderr.write(`${script.failedAs}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await persistence.close();
  }
};
