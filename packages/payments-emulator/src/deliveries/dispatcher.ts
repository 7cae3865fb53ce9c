import { randomUUID } from '../crypto.js';

/** Which callback a delivery is. */
export type DeliveryKind = 'iyzico-webhook' | 'iyzico-subscription' | 'paytr-notification';

/** One signed callback to send, with its retries. */
export interface Message {
  readonly kind: DeliveryKind;
  /** The payment it is about (iyzico paymentId, order reference, PayTR merchant_oid). */
  readonly reference: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Delays before each attempt, in ms (before scaling). */
  readonly schedule: readonly number[];
  /** Whether an answer acknowledges the delivery (iyzico: 2xx; PayTR: the body `OK`). */
  readonly accepts: (status: number, body: string) => boolean;
}

/** One logged attempt. */
export interface DeliveryAttempt {
  readonly id: string;
  readonly kind: DeliveryKind;
  readonly reference: string;
  readonly attempt: number;
  /** The HTTP status, or `network-error` (refused, reset or timed out). */
  readonly status: number | 'network-error';
  /** The start of the answer's body (PayTR's `OK` is decided by it). */
  readonly reply: string;
  readonly accepted: boolean;
  readonly at: number;
}

/** Sends signed callbacks, each retried on its provider's schedule until acknowledged or out of attempts. */
export class Dispatcher {
  private readonly log: DeliveryAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<() => void>();
  private readonly abort = new AbortController();
  private pending = 0;
  private closed = false;

  constructor(private readonly options: { readonly timeScale: number; readonly timeoutMs: number }) {}

  /** Queues a message; resolves with its first attempt once that attempt has been answered. */
  send(message: Message): Promise<DeliveryAttempt | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    this.pending += 1;
    const id = randomUUID();
    return new Promise((resolve) => this.schedule(id, message, 1, resolve));
  }

  /** Every attempt so far, oldest first. */
  attempts(): readonly DeliveryAttempt[] {
    return [...this.log];
  }

  /** Messages not yet acknowledged or given up. */
  pendingCount(): number {
    return this.pending;
  }

  /** Resolves `true` once nothing is pending, `false` after `timeoutMs`. */
  waitSettled(timeoutMs: number): Promise<boolean> {
    if (this.pending === 0 || this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(done);
    });
  }

  /** Stops every timer and attempt in flight. */
  close(): void {
    this.closed = true;
    this.abort.abort();
    this.timers.forEach((timer) => clearTimeout(timer));
    this.pending = 0;
    [...this.waiters].forEach((waiter) => waiter());
  }

  private schedule(id: string, message: Message, attempt: number, onFirst?: (first: DeliveryAttempt | undefined) => void): void {
    const delay = (message.schedule[attempt - 1] ?? 0) * this.options.timeScale;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(id, message, attempt).then((result) => {
        onFirst?.(result);
        if (result === undefined || this.closed) return;
        if (result.accepted || attempt >= message.schedule.length) return this.finish();
        this.schedule(id, message, attempt + 1);
      });
    }, delay);
    this.timers.add(timer);
  }

  private async attempt(id: string, message: Message, attempt: number): Promise<DeliveryAttempt | undefined> {
    let status: number | 'network-error';
    let reply = '';
    try {
      const response = await fetch(message.url, {
        method: 'POST',
        headers: message.headers,
        body: message.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      status = response.status;
      reply = (await response.text()).slice(0, 200);
    } catch {
      status = 'network-error';
    }
    if (this.closed) return undefined;
    const entry: DeliveryAttempt = {
      id,
      kind: message.kind,
      reference: message.reference,
      attempt,
      status,
      reply,
      accepted: typeof status === 'number' && message.accepts(status, reply),
      at: Date.now(),
    };
    this.log.push(entry);
    return entry;
  }

  private finish(): void {
    this.pending -= 1;
    if (this.pending === 0) [...this.waiters].forEach((waiter) => waiter());
  }
}
