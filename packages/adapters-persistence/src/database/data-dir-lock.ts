import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** Another process (or another open instance in this one) holds the embedded database's folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    readonly lockFile: string,
  ) {
    super(`${dataDir} is in use by process ${ownerPid}, whose lock is ${lockFile}`);
    this.name = 'DataDirInUseError';
  }
}

// Lock files this process holds, so a second open of one folder here is refused too.
const held = new Set<string>();

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid a lock file names, or undefined when it is gone or unreadable (a lock being written or removed). */
const ownerOf = (lockFile: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

const tryCreate = (lockFile: string): boolean => {
  try {
    const descriptor = openSync(lockFile, 'wx');
    try {
      writeSync(descriptor, `${process.pid}\n`);
    } finally {
      closeSync(descriptor);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
};

/**
 * Takes the embedded database's folder for this process, as PostgreSQL's `postmaster.pid` does for a
 * data directory: PGlite itself does not stop a second process from opening the same files, and two
 * writers corrupt them. The lock is `<dataDir>.lock`, beside the folder, holding the owner's pid. A lock
 * whose process is gone (killed, crashed) is taken over. Returns the release, which also runs at exit.
 *
 * @example
 * const release = lockDataDir('/srv/app/.data/pglite'); // throws DataDirInUseError when taken
 * try { … } finally { release(); }
 */
export const lockDataDir = (dataDir: string): (() => void) => {
  const lockFile = `${dataDir}.lock`;
  // Twice: once more after clearing a stale lock. Two processes clearing the same stale lock at once
  // may both succeed; PostgreSQL's own pid file leaves the same window.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (tryCreate(lockFile)) {
      held.add(lockFile);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        held.delete(lockFile);
        process.off('exit', release);
        rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    }
    const owner = ownerOf(lockFile);
    if (owner !== undefined && (owner === process.pid ? held.has(lockFile) : isRunning(owner))) {
      throw new DataDirInUseError(dataDir, owner, lockFile);
    }
    rmSync(lockFile, { force: true });
  }
  throw new DataDirInUseError(dataDir, ownerOf(lockFile) ?? 0, lockFile);
};
