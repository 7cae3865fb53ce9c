import type { IdGenerator } from '../shared/id-generator.js';

/** UUID-shaped ids counting up from 1, so that tests can name them. */
export class SequentialIds implements IdGenerator {
  private next = 1;

  /** The next UUID of the sequence. */
  uuid(): string {
    const n = (this.next++).toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${n}`;
  }
}
