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

  /** Records a debug line. */
  debug(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'debug', fields, message });
  }
  /** Records an info line. */
  info(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'info', fields, message });
  }
  /** Records a warn line. */
  warn(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'warn', fields, message });
  }
  /** Records an error line. */
  error(fields: Record<string, unknown>, message: string): void {
    this.entries.push({ level: 'error', fields, message });
  }

  /** The entries of one level. */
  at(level: LogEntry['level']): readonly LogEntry[] {
    return this.entries.filter((entry) => entry.level === level);
  }
}
