import { Writable } from 'node:stream';

/** A pino destination that keeps every log line, for assertions on what is (not) logged. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    callback();
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
