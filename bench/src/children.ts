import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerCleanup } from './cleanup.js';

/** A server running as a child process of the bench, on its own loopback port. */
export interface ServerChild {
  /** `service`, `limit` or `peer` (with the backend where it matters). */
  readonly name: string;
  readonly url: string;
  readonly pid: number;
  /** Where its stdout and stderr go (the service logs there at `LOG_LEVEL`). */
  readonly logFile: string;
  stop(): Promise<void>;
}

/** A free loopback port (asks the OS, then releases it for the child). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const tail = (file: string): string => readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');

const waitUntilReady = async (child: ChildProcess, url: string, logFile: string, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering:\n${tail(logFile)}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`not ready after ${timeoutMs} ms:\n${tail(logFile)}`);
};

/**
 * Starts `node <script>` with exactly `env` (plus PATH and PORT), its output appended to `logFile`,
 * and resolves once `readyPath` answers 2xx.
 */
export const startServerChild = async (options: {
  readonly name: string;
  readonly script: string;
  readonly env: Record<string, string>;
  readonly logFile: string;
  readonly readyPath: string;
  readonly timeoutMs?: number;
  /** `node` arguments before the script (profiling flags). */
  readonly nodeArgs?: readonly string[];
  /** A program that runs `node` itself, with its arguments (`valgrind --tool=callgrind …`). */
  readonly wrapper?: readonly string[];
  /** The `node` binary (default: the one running the bench). */
  readonly node?: string;
}): Promise<ServerChild> => {
  const port = await freePort();
  const output = openSync(options.logFile, 'a');
  const [program, ...programArgs] = [
    ...(options.wrapper ?? []),
    options.node ?? process.execPath,
    ...(options.nodeArgs ?? []),
    options.script,
  ];
  const child = spawn(program!, programArgs, {
    env: { PATH: process.env['PATH'] ?? '', ...options.env, PORT: String(port) },
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  const url = `http://127.0.0.1:${port}`;
  // Whatever ends this process, its servers must not outlive it.
  const killAtExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killAtExit);
  const stop = async (): Promise<void> => {
    unregister();
    process.off('exit', killAtExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!killed) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const unregister = registerCleanup(() => stop());
  try {
    await waitUntilReady(child, `${url}${options.readyPath}`, options.logFile, options.timeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${options.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { name: options.name, url, pid: child.pid!, logFile: options.logFile, stop };
};
