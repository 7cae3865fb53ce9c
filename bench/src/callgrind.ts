import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Instructions executed between a `zero` and a `dump`, split by thread. */
export interface InstructionCounts {
  /** The JavaScript thread's (thread 1). */
  readonly mainThread: number;
  /** Every other thread's: the libuv pool (log writes, WebCrypto), V8's compiler and GC helpers. */
  readonly otherThreads: number;
}

/** Whether valgrind is on PATH (`apt-get install valgrind`). */
export const hasValgrind = (): boolean => {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * The wrapper that runs `node` under callgrind, one dump file per thread. `--smc-check=all-non-file`
 * because V8 writes and patches machine code at run time.
 */
export const callgrindWrapper = (outFile: string): readonly string[] => [
  'valgrind',
  '--tool=callgrind',
  '--separate-threads=yes',
  '--smc-check=all-non-file',
  `--callgrind-out-file=${outFile}`,
];

/** Zeroes the counters of the process `pid` runs under callgrind. */
export const zeroCounts = (pid: number): void => {
  execFileSync('callgrind_control', ['--zero', String(pid)], { stdio: 'ignore' });
};

/**
 * Dumps the counters since the last zero and returns them. Callgrind numbers its dumps `.1`, `.2`, …
 * after the out file, each split into `-01`, `-02`, … by thread.
 */
export const dumpCounts = (pid: number, outFile: string, dump: number): InstructionCounts => {
  execFileSync('callgrind_control', ['--dump', String(pid)], { stdio: 'ignore' });
  const prefix = `${basename(outFile)}.${dump}-`;
  let mainThread = 0;
  let otherThreads = 0;
  for (const file of readdirSync(dirname(outFile)).filter((name) => name.startsWith(prefix))) {
    const text = readFileSync(join(dirname(outFile), file), 'utf8');
    const summary = /^summary: (\d+)$/m.exec(text);
    if (summary === null) throw new Error(`${file}: no summary line`);
    if (/^thread: 1$/m.test(text)) mainThread += Number(summary[1]);
    else otherThreads += Number(summary[1]);
  }
  if (mainThread === 0) throw new Error(`no dump ${prefix}* of thread 1 beside ${outFile}`);
  return { mainThread, otherThreads };
};
