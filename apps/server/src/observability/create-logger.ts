import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { RequestScopes } from '@idv/adapters-observability';

/** Keys whose values never reach a log line: tokens, secrets, personal data. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers["idp-webhook-signature"]',
  '*.authorization',
  '*.token',
  '*.jwt',
  '*.password',
  '*.secretKey',
  '*.webhookSecret',
  '*.inviteSecret',
  '*.nationalId',
  '*.nationalIdEncryptionKey',
  '*.nationalIdDecryptionKeys',
  '*.email',
  'token',
  'jwt',
  'password',
  'secretKey',
  'webhookSecret',
  'nationalId',
  'email',
  // Issue #10: card data and the payer's identity number never reach a log line.
  'buyer',
  '*.buyer',
  'paymentCard',
  '*.paymentCard',
  'card',
  '*.card',
  'identityNumber',
  '*.identityNumber',
  '*.merchantKey',
  '*.merchantSalt',
  '*.apiKey',
];

/** How long a log line may wait in the stdout buffer before it is written. */
const FLUSH_INTERVAL_MS = 200;

// Batches lines into writes of 4 KiB or every 200 ms, whichever comes first (one system call per
// line cost the webhook path more than its SQL; issue #7); pino flushes the rest at exit.
const bufferedStdout = () => {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return destination;
};

// pino's default merge writes the line's fields into the mixin's object; the request's fields are
// shared by all its lines, so they are copied under the line's own instead (one object per line).
const mergeRequestFields = (line: object, request: object): object => (Object.keys(request).length === 0 ? line : { ...request, ...line });

/**
 * The service logger: pino, JSON lines, with secrets and personal data redacted. Stdout is written
 * asynchronously and in batches, at most 200 ms late. With request scopes, every line written
 * during a request carries its `requestId` (issue #12).
 *
 * @example
 * const logger = createLogger('info');                          // to stdout
 * const logger = createLogger('debug', writableStream);         // in tests
 * const logger = createLogger('info', undefined, requestScopes); // lines carry their request's id
 */
export const createLogger = (level: string, destination?: DestinationStream, scopes?: RequestScopes): PinoLogger =>
  pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      base: { service: 'idv-membership' },
      ...(scopes === undefined ? {} : { mixin: scopes.logFields, mixinMergeStrategy: mergeRequestFields }),
    },
    destination ?? bufferedStdout(),
  );
