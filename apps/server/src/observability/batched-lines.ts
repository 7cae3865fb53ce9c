import type { DestinationStream } from 'pino';

/**
 * Collects log lines and hands them on as one string once they reach `minLength` characters, or when
 * `release` is called. SonicBoom batches too, but it measures its whole growing batch again in UTF-8
 * bytes on every line (about 4 K instructions per line, two lines per webhook delivery; docs/performance.md);
 * given whole batches, it measures each once.
 */
export class BatchedLines implements DestinationStream {
  private lines: string[] = [];
  private length = 0;

  constructor(
    private readonly sink: DestinationStream,
    private readonly minLength: number,
  ) {}

  write(line: string): void {
    this.lines.push(line);
    // UTF-16 units, not bytes: a threshold needs no exact count.
    this.length += line.length;
    if (this.length >= this.minLength) this.release();
  }

  /** Hands every line collected so far to the sink. */
  release(): void {
    if (this.lines.length === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.sink.write(batch);
  }
}
