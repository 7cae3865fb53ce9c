import type { Logger as PinoLogger } from 'pino';
import type { Logger } from '@idv/core';
import type { RequestScope, RequestScopes } from '@idv/adapters-observability';
import { REDACTED_PATHS } from './redacted-paths.js';

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
