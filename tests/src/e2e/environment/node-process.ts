import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A child `node` process whose output is drained and whose last lines are kept for error messages. */
export interface NodeProcess {
  readonly pid: number | undefined;
  /** The last lines of stdout and stderr (for diagnostics). */
  tail(): string;
  /** Resolves with the first stdout line from now on that satisfies `matches`. */
  nextLine(matches: (line: string) => boolean): Promise<string>;
  /** The stdout lines logged at error level or above (pino's `level` 50 and 60), in order. */
  errorLines(): readonly string[];
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL at once (a crash: no shutdown step runs); resolves once it has exited. */
  kill(): Promise<void>;
}

/** What to start and which stdout line means "ready". */
export interface StartNodeOptions<T> {
  readonly name: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Returns a value once `line` is the ready line. */
  readonly ready: (line: string) => T | undefined;
  /** A failure deadline, not a synchronisation delay: the ready line normally comes much sooner. */
  readonly startTimeoutMs?: number;
}

const TAIL_LINES = 40;

// The emulator prints its generated secrets on stdout; error messages must not repeat them.
const redact = (line: string): string => line.replace(/^(IDP_SECRET_KEY|IDP_WEBHOOK_SECRET)=.*$/, '$1=[REDACTED]');

// A pino line begins with its level: `{"level":50,…`.
const ERROR_LEVEL = /^\{"level":(?:[5-9]\d|\d{3,})\b/;

const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Spawns `node <args>` and resolves once a stdout line satisfies `ready`; rejects (and kills it) if it exits or times out first. */
export const startNodeProcess = async <T>(options: StartNodeOptions<T>): Promise<{ process: NodeProcess; ready: T }> => {
  const child = spawn(process.execPath, [...options.args], { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (line: string): void => {
    lines.push(line);
    if (lines.length > TAIL_LINES) lines.shift();
  };
  // Keep reading after "ready": a child blocks once a pipe nobody reads is full.
  createInterface({ input: child.stderr! }).on('line', keep);
  const stdout = createInterface({ input: child.stdout! });
  const errors: string[] = [];
  stdout.on('line', (line) => {
    if (ERROR_LEVEL.test(line)) errors.push(line);
  });
  const tail = (): string => lines.join('\n');
  const nextLine = (matches: (line: string) => boolean): Promise<string> =>
    new Promise((resolve) => {
      const listener = (line: string): void => {
        if (!matches(line)) return;
        stdout.off('line', listener);
        resolve(line);
      };
      stdout.on('line', listener);
    });
  const stop = async (graceMs = 10_000): Promise<number | null> => {
    if (exited(child)) return child.exitCode;
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const [code] = (await exit) as [number | null];
    clearTimeout(killer);
    return code;
  };
  const kill = async (): Promise<void> => {
    if (exited(child)) return;
    const exit = once(child, 'exit');
    child.kill('SIGKILL');
    await exit;
  };
  const handle: NodeProcess = { pid: child.pid, tail, nextLine, errorLines: () => errors, stop, kill };
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  try {
    const ready = await new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${options.name} printed no ready line within ${timeoutMs / 1000} s`)), timeoutMs);
      const fail = (error: Error): void => {
        clearTimeout(timer);
        reject(error);
      };
      child.once('error', fail);
      child.once('exit', (code, signal) => fail(new Error(`${options.name} exited (${signal ?? `code ${code}`}) before it was ready`)));
      stdout.on('line', (line) => {
        keep(redact(line));
        const value = options.ready(line);
        if (value !== undefined) {
          clearTimeout(timer);
          resolve(value);
        }
      });
    });
    child.removeAllListeners('exit');
    child.removeAllListeners('error');
    child.on('error', () => undefined);
    return { process: handle, ready };
  } catch (error) {
    await stop(2_000);
    const output = tail();
    throw new Error(`${(error as Error).message}${output === '' ? '' : `; its last output:\n${output}`}`, { cause: error });
  }
};
