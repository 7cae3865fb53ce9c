import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** How an entry point that was expected to fail ended. */
export interface EntryPointFailure {
  readonly code?: number;
  readonly stdout?: string;
  readonly stderr?: string;
}

/**
 * Runs a compiled entry point (`node <script>`) with exactly `env`, expecting it to exit non-zero:
 * its exit code and output, or undefined when it succeeded.
 */
export const runExpectingFailure = (script: string, env: Readonly<Record<string, string>>): Promise<EntryPointFailure | undefined> =>
  promisify(execFile)(process.execPath, [script], { env }).then(
    () => undefined,
    (error: EntryPointFailure) => error,
  );
