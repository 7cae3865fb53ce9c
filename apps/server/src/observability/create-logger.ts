import { pino, type DestinationStream } from 'pino';
import type { RequestScopes } from '@idv/adapters-observability';
import { REDACTED_PATHS } from './redacted-paths.js';
import { ServiceLogger } from './service-logger.js';

/** How long a log line may wait in the stdout buffer before it is written. */
const FLUSH_INTERVAL_MS = 200;

// Batches lines into writes of 4 KiB or every 200 ms, whichever comes first (one system call per
// line cost the webhook path more than its SQL; issue #7); pino flushes the rest at exit.
const bufferedStdout = () => {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return destination;
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
