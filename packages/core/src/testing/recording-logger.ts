import type { Logger } from '../shared/logger.js';

/** One recorded log call. */
export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

/** A logger that keeps every entry for assertions. */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  debug(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'debug', fields, message });
  }
  info(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'info', fields, message });
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'warn', fields, message });
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'error', fields, message });
  }

  /** The entries of one level. */
  at(level: LogEntry['level']): readonly LogEntry[] {
    return this.entries.filter((entry) => entry.level === level);
  }
}
