/** Structured logger, pino-shaped: the object first, the message second. */
export interface Logger {
  /** Logs at debug level. */
  debug(fields: Record<string, unknown>, message: string): void;
  /** Logs at info level. */
  info(fields: Record<string, unknown>, message: string): void;
  /** Logs at warn level. */
  warn(fields: Record<string, unknown>, message: string): void;
  /** Logs at error level. */
  error(fields: Record<string, unknown>, message: string): void;
}
