import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import { RequestScopes } from '@idv/adapters-observability';
import { loadConfig } from './config/load-config.js';
import { buildContainer } from './container/build-container.js';
import { TOKENS } from './container/tokens.js';
import { DatabaseUnavailableError } from './database-unavailable-error.js';
import { createLogger } from './observability/create-logger.js';
import { createObservability } from './observability/observability.js';
import { migrateDatabase, openDatabase } from './open-database.js';
import { progressReporter } from './sync/progress-reporter.js';
import { summaryLine } from './sync/summary-line.js';

// `npm run sync:users` (issue #12): reconciles the local users with the provider's admin API once,
// with a progress bar on a terminal (plain lines otherwise) on stderr and the summary on stdout.
// Exit 0 when done, 1 when it could not run or failed, 130 when interrupted (the summary says how far it got).
const fail = (lines: readonly string[]): never => {
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exit(1);
};

const decoded = loadConfig(process.env);
if (E.isLeft(decoded)) fail(['Cannot sync: invalid configuration', ...decoded.left.map((line) => `  ${line}`)]);
const config = E.isRight(decoded) ? decoded.right : fail([]);
if (config.idp.mode !== 'external') {
  fail([
    'Cannot sync: no provider is configured (IDP_API_URL, IDP_SECRET_KEY, IDP_PUBLISHABLE_KEY, IDP_WEBHOOK_SECRET).',
    '  In development the emulator lives inside the running service: set SYNC_INTERVAL_MINUTES there instead.',
  ]);
}
const idp = config.idp.mode === 'external' ? config.idp : fail([]);

// Log lines (JSON) go to stderr next to the progress, so stdout carries only the summary.
const scopes = new RequestScopes();
const logger = createLogger(config.logLevel, pino.destination({ dest: 2, sync: true }), scopes);
// The same error tracking and analytics as the server (SENTRY_DSN, POSTHOG_API_KEY), flushed before exit.
const observability = createObservability(config.observability, logger, scopes);
const persistence = await openDatabase(config.database, {
  transactionSlot: () => scopes.slot(),
  onDriverWarning: (message) => logger.warn({ driverMessage: message }, 'database driver warning'),
}).catch((error: unknown) => fail([`Cannot sync: ${error instanceof DatabaseUnavailableError ? error.advice : String(error)}`]));
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  process.stderr.write('\ninterrupted: stopping after the current page\n');
});
const progress = progressReporter(process.stderr);
try {
  if (config.migrateOnStart) await migrateDatabase(persistence, config.database);
  const container = buildContainer({ config, logger, persistence, idp, observability });
  const result = await container.get(TOKENS.IdentityArea).syncUsers({ onProgress: progress.update, stopRequested: () => interrupted })();
  progress.stop();
  // The use case has no Left: its failures are defects, thrown.
  if (E.isRight(result)) process.stdout.write(`${summaryLine(result.right)}\n`);
  await observability.flush(config.observability.shutdownGraceMs);
  process.exitCode = interrupted ? 130 : 0;
} catch (error) {
  progress.stop();
  process.stderr.write(`Sync failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await persistence.close();
}
