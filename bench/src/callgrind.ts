import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Instructions executed between a `zero` and a `dump`, split by thread. */
export interface InstructionCounts {
  /** The JavaScript thread's (thread 1). */
  readonly mainThread: number;
  /** Every other thread's: the libuv pool (log writes, WebCrypto), V8's compiler and GC helpers. */
  readonly otherThreads: number;
  /** The part of `mainThread` spent in V8's garbage collector (see `collectorInstructions`). */
  readonly collector: number;
}

// V8's collector, by the names of its functions: scavenges, marking, sweeping, evacuation, and the
// object walks they make (callgrind names functions, not call paths, so this is read from self costs).
const COLLECTOR_FUNCTION =
  /Scaveng|MarkCompact|Marking|Sweeper|Evacuat|RememberedSet|SlotSet|PointersUpdating|IterateObjectCache|PretenuringHandler|CallIterateBody|GCTracer|heap::base::|v8::internal::Heap::|HeapObject::SizeFromMap|ArrayBufferSweeper|LiveObjectRange|RecordMigratedSlot|ClearNonLive|WeakObjects/;

/**
 * The instructions a callgrind dump charges to V8's collector: the self costs of the functions
 * `COLLECTOR_FUNCTION` names. How much collecting lands in a counted window depends on timing: one
 * build of the service read 8-16 K instructions per request there in one run and 183-207 K in
 * another on the same host, whose old generation was collected once every 2,400 requests under
 * callgrind. Counts are compared with this part set apart.
 */
export const collectorInstructions = (dumpText: string): number => {
  const names = new Map<string, string>();
  let inCollector = false;
  let callCost = false;
  let total = 0;
  for (const line of dumpText.split('\n')) {
    // Callgrind compresses names: `fn=(12) name` the first time (or `cfn=`), `fn=(12)` after.
    const named = /^(c?)fn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (named !== null) {
      if (named[3] !== undefined) names.set(named[2]!, named[3]);
      if (named[1] === '') inCollector = COLLECTOR_FUNCTION.test(names.get(named[2]!) ?? '');
      continue;
    }
    if (line.startsWith('calls=')) {
      callCost = true; // the next cost line is the call's inclusive cost, not the function's own
      continue;
    }
    if (!/^[-+*\d]/.test(line)) continue;
    if (callCost) callCost = false;
    else if (inCollector) total += Number(line.split(' ')[1]);
  }
  return total;
};

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
  let collector = 0;
  for (const file of readdirSync(dirname(outFile)).filter((name) => name.startsWith(prefix))) {
    const text = readFileSync(join(dirname(outFile), file), 'utf8');
    const summaryLine = /^summary: (\d+)$/m.exec(text);
    if (summaryLine === null) throw new Error(`${file}: no summary line`);
    const summary = Number(summaryLine[1]);
    if (/^thread: 1$/m.test(text)) {
      mainThread += summary;
      // The cost lines add up to the `totals:` line, which reads about 1 % above the summary: the
      // collector's part is scaled to the summary that the counts report.
      const totals = Number(/^totals: (\d+)$/m.exec(text)?.[1] ?? summary);
      collector += (collectorInstructions(text) * summary) / totals;
    } else otherThreads += summary;
  }
  if (mainThread === 0) throw new Error(`no dump ${prefix}* of thread 1 beside ${outFile}`);
  return { mainThread, otherThreads, collector };
};
