/** The structured logger the emulator writes to (pino-compatible subset). */
export interface EmulatorLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A logger that discards everything (the default). */
export const silentLogger: EmulatorLogger = { info: () => undefined, warn: () => undefined };
