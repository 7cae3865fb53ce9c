import type { Arrival, Receiver } from './receiver.js';

/** What one server did with a burst and with a steady stream of events. */
export interface DeliveryFigures {
  readonly server: string;
  /** Events delivered per second draining a backlog of `burst` events. */
  readonly eventsPerSecond: number;
  readonly burst: number;
  /** The steady stream offered: events per second for `seconds`. */
  readonly offeredPerSecond: number;
  readonly seconds: number;
  /** From the event's `timestamp` (set in the transaction that recorded it) to its arrival, ms. */
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Events of the stream that arrived (of `offeredPerSecond × seconds`). */
  readonly delivered: number;
}

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

/** The delays of `arrivals` from the `timestamp` of the envelope each carried, p50 and p99. */
export const delaysOf = (arrivals: readonly Arrival[]): { readonly p50Ms: number; readonly p99Ms: number } => {
  const delays = arrivals
    .map((arrival) => arrival.arrivedAtMs - Date.parse((JSON.parse(arrival.body) as { timestamp: string }).timestamp))
    .sort((a, b) => a - b);
  return { p50Ms: percentile(delays, 0.5), p99Ms: percentile(delays, 0.99) };
};

/** Events per second from `startMs` to the last of `arrivals`. */
export const rateOf = (arrivals: readonly Arrival[], startMs: number): number => {
  const last = Math.max(...arrivals.map((arrival) => arrival.arrivedAtMs));
  return arrivals.length / Math.max((last - startMs) / 1000, 1e-3);
};

/**
 * Calls `produce(i)` `perSecond` times a second for `seconds`, each on its own schedule (a slow
 * call does not delay the next), and resolves when every call has.
 */
export const paced = async (perSecond: number, seconds: number, produce: (index: number) => Promise<void>): Promise<void> => {
  const total = Math.round(perSecond * seconds);
  const start = performance.now();
  const calls: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const due = start + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(produce(index));
  }
  await Promise.all(calls);
};

/** The load one scenario offers: a backlog of `burst` events, then `perSecond` a second for `seconds`. */
export interface DeliveryLoad {
  readonly burst: number;
  readonly perSecond: number;
  readonly seconds: number;
}

/**
 * Waits for the burst (on its way since `burstStartMs`) to arrive at `receiver`, then offers the
 * steady stream through `produce` and waits for it too (each wait up to `timeoutMs`): the figures of both.
 */
export const measureDelivery = async (
  server: string,
  receiver: Receiver,
  load: DeliveryLoad,
  burstStartMs: number,
  produce: (index: number) => Promise<void>,
  timeoutMs: number,
): Promise<DeliveryFigures> => {
  await receiver.waitFor(load.burst, timeoutMs);
  const eventsPerSecond = rateOf(receiver.arrivals.slice(0, load.burst), burstStartMs);
  await paced(load.perSecond, load.seconds, produce);
  await receiver.waitFor(load.burst + Math.round(load.perSecond * load.seconds), timeoutMs);
  const stream = receiver.arrivals.slice(load.burst);
  return {
    server,
    eventsPerSecond,
    burst: load.burst,
    offeredPerSecond: load.perSecond,
    seconds: load.seconds,
    ...delaysOf(stream),
    delivered: stream.length,
  };
};
