import type { Logger as PinoLogger } from 'pino';
import type { Logger } from '@idv/core';
import type { RequestScopes } from '@idv/adapters-observability';
import { REDACTED_PATHS } from './redacted-paths.js';

/** Top-level keys that are redacted wherever they appear; every other path reaches into a nested object. */
const TOP_LEVEL_REDACTED: ReadonlySet<string> = new Set(REDACTED_PATHS.filter((path) => !/[.[]/.test(path)));

/**
 * Whether redaction could change a line: it names a redacted top-level key, or holds an object (every
 * other path reaches into one). A flat line of other keys is written as it is, bypassing pino's
 * redaction, which runs its wildcard paths over every value of every line (docs/performance.md).
 */
export const mayNeedRedaction = (fields: Readonly<Record<string, unknown>>): boolean => {
  for (const key in fields) {
    const value = fields[key];
    if (TOP_LEVEL_REDACTED.has(key) || (typeof value === 'object' && value !== null)) return true;
  }
  return false;
};

type Level = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * The service logger: pino, JSON lines, secrets and personal data redacted. A line that redaction
 * cannot change skips it; a line written during a request carries its `requestId`,
 * merged into the line's fields: most requests write one such line, and a pino child per request
 * cost more than the merge (docs/performance.md).
 */
export class ServiceLogger implements Logger {
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
    const requestId = this.scopes?.current().requestId;
    const target = redact ? this.redacting : this.plain;
    // Outside a request, or on a line that names its request itself (the access line), nothing is added.
    if (requestId === undefined || 'requestId' in fields) target[level](fields, message);
    else target[level]({ requestId, ...fields }, message);
  }
}
