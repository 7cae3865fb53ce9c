import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

// Fields after the parenthesised command name: state is index 0, utime 11, stime 12 (proc(5)).
const statFields = (pid: number | string): { comm: string; rest: string[] } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), rest: stat.slice(close + 2).split(' ') };
  } catch {
    return undefined;
  }
};

const cpuSecondsOf = (fields: { rest: string[] } | undefined): number =>
  fields === undefined ? 0 : (Number(fields.rest[11]) + Number(fields.rest[12])) / ticksPerSecond;

/** User + system CPU seconds a process has used so far (all its threads). */
export const cpuSeconds = (pid: number): number => cpuSecondsOf(statFields(pid));

/**
 * Read and write system calls a process has made so far (`syscr` + `syscw` of `/proc/<pid>/io`:
 * read, write, send, recv and their vector forms; polling is not counted). On loopback each write
 * also runs the peer's side of TCP, so these are a large share of a small request's cost.
 */
export const ioSyscalls = (pid: number): number => {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? Number.NaN);
    return field('syscr') + field('syscw');
  } catch {
    return Number.NaN;
  }
};

/** CPU seconds so far of each PostgreSQL backend serving `database`, by pid. */
export type PostgresCpu = ReadonlyMap<string, number>;

/**
 * Reads the CPU of the PostgreSQL backends connected to `database` (their process title is
 * `postgres: <user> <database> <client> …`). Other databases' backends on a shared server, and the
 * server's auxiliary processes (WAL writer, checkpointer), are left out.
 */
export const postgresCpu = (database: string): PostgresCpu => {
  const found = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields?.comm !== 'postgres') continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.includes(` ${database} `)) found.set(entry, cpuSecondsOf(fields));
    } catch {
      // exited meanwhile
    }
  }
  return found;
};

/** CPU seconds the backends used between two readings (a backend that exited meanwhile is not counted). */
export const postgresCpuBetween = (before: PostgresCpu, after: PostgresCpu): number =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/** Whether PostgreSQL's processes are visible here (same machine, /proc readable). */
export const postgresVisible = (): boolean =>
  readdirSync('/proc').some((entry) => /^\d+$/.test(entry) && statFields(entry)?.comm === 'postgres');

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? Number.NaN : Number(match[1]);
  } catch {
    return Number.NaN;
  }
};

/** Resident set size now, in MB. */
export const rssMb = (pid: number): number => statusKb(pid, 'VmRSS') / 1024;

/** Peak resident set size since the process started (`VmHWM`), in MB. */
export const peakRssMb = (pid: number): number => statusKb(pid, 'VmHWM') / 1024;

/** Busy and total CPU time of the whole machine so far (first line of /proc/stat), in ticks. */
export const machineCpuTicks = (): { readonly busy: number; readonly total: number } => {
  try {
    const values = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    // idle + iowait are not busy.
    return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
};
