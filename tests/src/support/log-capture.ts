import { Writable } from 'node:stream';

/** A pino destination that keeps every log line, for assertions on what is (not) logged. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  private readonly watchers = new Set<() => void>();

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    for (const watcher of this.watchers) watcher();
    callback();
  }

  /**
   * Resolves with the first record (already written, or written later) that `matches`; rejects after
   * `deadlineMs` without one (the service's own timers, such as a job's retry, decide when it comes).
   */
  waitFor(matches: (record: Record<string, unknown>) => boolean, deadlineMs = 60_000): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.records().find(matches);
        if (found === undefined) return;
        this.watchers.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(new Error(`no matching log line within ${deadlineMs} ms`));
      }, deadlineMs);
      this.watchers.add(check);
      check();
    });
  }

  /** The parsed log records. */
  records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Everything logged, as one string (to search for leaked secrets). */
  text(): string {
    return this.lines.join('\n');
  }
}
