import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver saw it. */
export interface Arrival {
  /** `webhook-id`: the event's id. */
  readonly eventId: string;
  /** `Date.now()` when its body had arrived. */
  readonly arrivedAtMs: number;
  readonly body: string;
}

/** A local endpoint that takes every delivery with 204 and keeps when each arrived. */
export interface Receiver {
  readonly url: string;
  readonly arrivals: Arrival[];
  /** Resolves once `count` deliveries (distinct event ids) have arrived in all, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver on a free loopback port (the bench verifies nothing: the service's tests do). */
export const startReceiver = async (): Promise<Receiver> => {
  const arrivals: Arrival[] = [];
  const seen = new Set<string>();
  let waiter: { count: number; resolve: () => void } | undefined;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const eventId = String(request.headers['webhook-id'] ?? '');
      if (!seen.has(eventId)) {
        seen.add(eventId);
        arrivals.push({ eventId, arrivedAtMs: Date.now(), body: Buffer.concat(chunks).toString('utf8') });
      }
      response.writeHead(204).end();
      if (waiter !== undefined && seen.size >= waiter.count) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    arrivals,
    waitFor: (count, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (seen.size >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`${seen.size} of ${count} deliveries after ${timeoutMs} ms`)), timeoutMs);
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            waiter = undefined;
            resolve();
          },
        };
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
