import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { Logger } from '@idv/core';
import type { RequestScope, RequestScopes } from '@idv/adapters-observability';

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

/** Top-level keys that are redacted wherever they appear; every other path reaches into a nested object. */
const TOP_LEVEL_REDACTED: ReadonlySet<string> = new Set(REDACTED_PATHS.filter((path) => !/[.[]/.test(path)));

/**
 * Whether redaction could change a line: it names a redacted top-level key, or holds an object (every
 * other path reaches into one). A flat line of other keys is written as it is, bypassing pino's
 * redaction, which runs its wildcard paths over every value of every line (issue #7).
 */
export const mayNeedRedaction = (fields: Readonly<Record<string, unknown>>): boolean => {
  for (const key in fields) {
    const value = fields[key];
    if (TOP_LEVEL_REDACTED.has(key) || (typeof value === 'object' && value !== null)) return true;
  }
  return false;
};

type Level = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** The two pino loggers lines of one request go to: both bound to its request id. */
interface RequestLoggers {
  redacting?: PinoLogger;
  plain?: PinoLogger;
}

/**
 * The service logger: pino, JSON lines, secrets and personal data redacted. A line that redaction
 * cannot change skips it; a line written during a request carries its `requestId` (issue #12),
 * bound once per request to a pino child, so lines pay no per-line merge.
 */
export class ServiceLogger implements Logger {
  private readonly perRequest = new WeakMap<RequestScope, RequestLoggers>();

  constructor(
    private readonly redacting: PinoLogger,
    private readonly plain: PinoLogger,
    private readonly scopes: RequestScopes | undefined,
  ) {}

  debug(fields: Record<string, unknown>, message: string): void {
    this.write('debug', fields, message);
  }

  info(fields: Record<string, unknown>, message: string): void {
    this.write('info', fields, message);
  }

  warn(fields: Record<string, unknown>, message: string): void {
    this.write('warn', fields, message);
  }

  error(fields: Record<string, unknown>, message: string): void {
    this.write('error', fields, message);
  }

  /** Logs at fatal level: the process is about to exit. */
  fatal(fields: Record<string, unknown>, message: string): void {
    this.write('fatal', fields, message);
  }

  private write(level: Level, fields: Record<string, unknown>, message: string): void {
    // A disabled level costs nothing more (analytics writes debug lines on every sign-up).
    if (!this.redacting.isLevelEnabled(level)) return;
    const redact = mayNeedRedaction(fields);
    const scope = this.scopes?.current();
    // Outside a request, or on a line that names its request itself (the access line), nothing is bound.
    if (scope === undefined || scope.requestId === undefined || 'requestId' in fields) {
      (redact ? this.redacting : this.plain)[level](fields, message);
      return;
    }
    let loggers = this.perRequest.get(scope);
    if (loggers === undefined) this.perRequest.set(scope, (loggers = {}));
    const bindings = { requestId: scope.requestId };
    const target = redact ? (loggers.redacting ??= this.redacting.child(bindings)) : (loggers.plain ??= this.plain.child(bindings));
    target[level](fields, message);
  }
}

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
