import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';

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

/**
 * The service logger: pino, JSON lines, with secrets and personal data redacted. Stdout is written
 * asynchronously and in batches, at most 200 ms late.
 *
 * @example
 * const logger = createLogger('info');                  // to stdout
 * const logger = createLogger('debug', writableStream); // in tests
 */
export const createLogger = (level: string, destination?: DestinationStream): PinoLogger =>
  pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' }, base: { service: 'idv-membership' } },
    destination ?? bufferedStdout(),
  );
