import { arrange, seededRandom, DEFAULT_DELIVERY_MODE, type DeliveryMode, type ReleaseOrder } from './delivery-mode.js';
import { postWebhook, type WebhookMessage } from './post-webhook.js';
import { delayBeforeAttempt } from './retry-schedule.js';
import type { EmulatorClock } from '../support/clock.js';
import type { EmulatorLogger } from '../support/logger.js';

/** One logged delivery attempt. */
export interface DeliveryAttempt {
  readonly messageId: string;
  readonly eventType: string;
  readonly userId: string;
  /** The message's place in publication order (1, 2, …): how far delivery order strayed from it. */
  readonly sequence: number;
  readonly status: number | 'network-error';
  readonly attempt: number;
  /** When the attempt was sent (emulator clock, ms). */
  readonly at: number;
  /** How long it took to get its answer (or fail). */
  readonly durationMs: number;
}

/** Where deliveries go; `url` undefined means no deliveries. */
export interface WebhookTarget {
  url: string | undefined;
  secret: string;
}

/** What the dispatcher needs. */
export interface DispatcherDeps {
  readonly clock: EmulatorClock;
  readonly logger: EmulatorLogger;
  readonly target: WebhookTarget;
  readonly timeScale: number;
  readonly timeoutMs: number;
}

interface Unit {
  readonly message: WebhookMessage;
  readonly sequence: number;
  readonly attempt: number;
}

/** Delivers signed messages (one at a time unless `concurrency` says more), retrying on the provider's schedule, with fault-injection switches. */
export class WebhookDispatcher {
  private mode: DeliveryMode = DEFAULT_DELIVERY_MODE;
  private held: Unit[] = [];
  private queue: Unit[] = [];
  private pending = 0;
  private published = 0;
  private inFlight = 0;
  private closed = false;
  private holdTimer: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly log: DeliveryAttempt[] = [];
  private readonly waiters = new Set<{ readonly exceptHeld: boolean; readonly wake: () => void }>();
  private readonly abort = new AbortController();

  // Fixed seed: the sequence of shuffled releases is the same in every run.
  private readonly random = seededRandom(20261122);

  constructor(private readonly deps: DispatcherDeps) {}

  /** Queues a message (twice in duplicate mode); ignored when no webhook URL is set. */
  publish(message: WebhookMessage): void {
    if (this.closed || this.deps.target.url === undefined) return;
    this.published += 1;
    for (let copy = 0; copy < (this.mode.duplicate ? 2 : 1); copy += 1) {
      this.pending += 1;
      const unit = { message, sequence: this.published, attempt: 1 };
      if (this.mode.hold || this.mode.delayMs > 0) this.hold(unit);
      else this.enqueue(unit);
    }
  }

  /** Updates the switches and returns the resulting mode; already-held messages stay held. */
  setMode(change: Partial<DeliveryMode>): DeliveryMode {
    this.mode = { ...this.mode, ...change };
    this.pump(); // a higher concurrency starts queued attempts now
    return this.mode;
  }

  /** The current switches. */
  currentMode(): DeliveryMode {
    return this.mode;
  }

  /** Delivers every held message in `order` (default: the mode's `reorder`); returns how many. */
  releaseHeld(order: ReleaseOrder = this.mode.reorder): number {
    if (this.holdTimer !== undefined) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    const batch = arrange(this.held, order, this.random);
    this.held = [];
    batch.forEach((unit) => this.enqueue(unit));
    return batch.length;
  }

  /** Number of held messages. */
  heldCount(): number {
    return this.held.length;
  }

  /** Every attempt so far, oldest first. */
  deliveries(): DeliveryAttempt[] {
    return [...this.log];
  }

  /** Empties the attempt log. */
  clearLog(): void {
    this.log.length = 0;
  }

  /** Messages not yet finished (held, queued, in flight or waiting for a retry). */
  pendingCount(): number {
    return this.pending;
  }

  /**
   * Resolves `true` once nothing is pending — or, with `exceptHeld`, once nothing but the held
   * messages is (queued, in flight or awaiting a retry) — or `false` after `timeoutMs`.
   */
  waitSettled(timeoutMs: number, { exceptHeld = false }: { readonly exceptHeld?: boolean } = {}): Promise<boolean> {
    if (this.isSettled(exceptHeld) || this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        exceptHeld,
        wake: (): void => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  private isSettled(exceptHeld: boolean): boolean {
    return this.pending - (exceptHeld ? this.held.length : 0) === 0;
  }

  /** Stops every timer and in-flight attempt; pending waiters are released. */
  close(): void {
    this.closed = true;
    this.abort.abort();
    this.timers.forEach((t) => clearTimeout(t));
    if (this.holdTimer !== undefined) clearTimeout(this.holdTimer);
    this.pending = 0;
    [...this.waiters].forEach((w) => w.wake());
  }

  private hold(unit: Unit): void {
    this.held.push(unit);
    if (!this.mode.hold && this.holdTimer === undefined) {
      this.holdTimer = setTimeout(() => this.releaseHeld(), this.mode.delayMs);
    }
  }

  private enqueue(unit: Unit): void {
    this.queue.push(unit);
    this.pump();
  }

  // Up to `concurrency` attempts in flight; with 1, release order is arrival order at the receiver.
  private pump(): void {
    while (!this.closed && this.inFlight < this.mode.concurrency) {
      const unit = this.queue.shift();
      if (unit === undefined) return;
      this.inFlight += 1;
      void this.attempt(unit).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async attempt(unit: Unit): Promise<void> {
    const { url, secret } = this.deps.target;
    if (url === undefined) return this.finish();
    const at = this.deps.clock.now();
    const { message, sequence, attempt } = unit;
    const status = await postWebhook({ url, secret, message, atMs: at, timeoutMs: this.deps.timeoutMs, signal: this.abort.signal });
    if (this.closed) return;
    const durationMs = this.deps.clock.now() - at;
    this.log.push({
      messageId: message.id,
      eventType: message.eventType,
      userId: message.userId,
      sequence,
      status,
      attempt,
      at,
      durationMs,
    });
    if (typeof status === 'number' && status >= 200 && status < 300) return this.finish();
    const delay = delayBeforeAttempt(attempt + 1, this.deps.timeScale);
    if (delay === undefined) {
      this.deps.logger.warn({ messageId: message.id, attempts: attempt }, 'webhook delivery failed for good');
      return this.finish();
    }
    this.deps.logger.warn({ messageId: message.id, attempt, status }, 'webhook delivery failed; retry scheduled');
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue({ message, sequence, attempt: attempt + 1 });
    }, delay);
    this.timers.add(timer);
  }

  private finish(): void {
    this.pending -= 1;
    [...this.waiters].filter((w) => this.isSettled(w.exceptHeld)).forEach((w) => w.wake());
  }
}
