import { pino, type DestinationStream } from 'pino';
import type { RequestScopes } from '@idv/adapters-observability';
import { BatchedLines } from './batched-lines.js';
import { REDACTED_PATHS } from './redacted-paths.js';
import { ServiceLogger } from './service-logger.js';

/** How long a log line may wait in the stdout buffer before it is written. */
const FLUSH_INTERVAL_MS = 200;
/** How many characters of log lines make a write. */
const BATCH_LENGTH = 4096;

// Batches lines into writes of 4 KiB or every 200 ms, whichever comes first (one system call per
// line cost the webhook path more than its SQL; docs/performance.md). The batches are collected in front of
// pino's destination (see `BatchedLines`), which keeps a smaller batch until its timer flushes it.
// At exit the last lines are handed to it first, and pino's own exit handler, registered when the
// destination was made, writes what it keeps synchronously. (With no `minLength` of its own, the
// destination would start an asynchronous write of them, which the exiting process may not finish.)
const bufferedStdout = (): DestinationStream => {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_LENGTH });
  const lines = new BatchedLines(destination, BATCH_LENGTH);
  setInterval(() => {
    lines.release();
    destination.flush();
  }, FLUSH_INTERVAL_MS).unref();
  process.prependListener('exit', () => lines.release());
  return lines;
};

/**
 * The service logger (see `ServiceLogger`). Stdout is written asynchronously and in batches, at most
 * 200 ms late. With request scopes, every line written during a request carries its `requestId`.
 *
 * @example
 * const logger = createLogger('info');                          // to stdout
 * const logger = createLogger('debug', writableStream);         // in tests
 * const logger = createLogger('info', undefined, requestScopes); // lines carry their request's id
 */
export const createLogger = (level: string, destination?: DestinationStream, scopes?: RequestScopes): ServiceLogger => {
  const redacting = pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      base: { service: 'idv-membership' },
    },
    destination ?? bufferedStdout(),
  );
  return new ServiceLogger(redacting, redacting.child({}, { redact: [] }), scopes);
};
