import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback reverse proxy that records the requests it forwards (`METHOD path`). */
export interface CountingProxy {
  readonly url: string;
  readonly requests: readonly string[];
  /** How many requests were `METHOD path` exactly. */
  count(request: string): number;
  /** While set, requests it matches (`METHOD path`) are answered 503 instead of forwarded (still recorded). */
  failing: ((request: string) => boolean) | undefined;
  /** While set, requests it matches (`METHOD path`) are held unanswered (still recorded): a dependency hanging mid-call. */
  holding: ((request: string) => boolean) | undefined;
  /** Resolves once `count` requests have been held. */
  whenHeld(count: number): Promise<void>;
  close(): Promise<void>;
}

// Set by the hop itself (fetch computes its own framing).
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Forwards every request to `target` unchanged (unless `failing` matches it) and answers with its status, content type and body. */
export const startCountingProxy = async (target: string): Promise<CountingProxy> => {
  const requests: string[] = [];
  const proxy = { failing: undefined as CountingProxy['failing'], holding: undefined as CountingProxy['holding'] };
  let held = 0;
  const heldWaiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const line = `${request.method} ${request.url}`;
    requests.push(line);
    if (proxy.holding?.(line) === true) {
      held += 1;
      for (const waiter of heldWaiters.filter(({ count }) => held >= count)) waiter.resolve();
      return;
    }
    if (proxy.failing?.(line) === true) {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"errors":[{"code":"unavailable"}]}');
      return;
    }
    void (async () => {
      const body = await readBody(request);
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !HOP_HEADERS.has(entry[0]),
        ),
      );
      const forwarded = await fetch(`${target}${request.url ?? '/'}`, {
        method: request.method ?? 'GET',
        headers,
        redirect: 'manual',
        ...(body.length === 0 ? {} : { body }),
      });
      const contentType = forwarded.headers.get('content-type');
      response.writeHead(forwarded.status, contentType === null ? {} : { 'content-type': contentType });
      response.end(Buffer.from(await forwarded.arrayBuffer()));
    })().catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    count: (wanted: string) => requests.filter((request) => request === wanted).length,
    whenHeld: (count: number) => (held >= count ? Promise.resolve() : new Promise<void>((resolve) => heldWaiters.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};
