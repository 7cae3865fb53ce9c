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
];

/**
 * The service logger: pino, JSON lines, with secrets and personal data redacted. Stdout is written
 * asynchronously (pino's sonic-boom, flushed on exit): a synchronous write per line costs the
 * request path a system call.
 *
 * @example
 * const logger = createLogger('info');                  // to stdout
 * const logger = createLogger('debug', writableStream); // in tests
 */
export const createLogger = (level: string, destination?: DestinationStream): PinoLogger =>
  pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' }, base: { service: 'idv-membership' } },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
