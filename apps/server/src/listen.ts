import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A listening HTTP server whose handler is attached once the application is built. */
export interface Listener {
  readonly server: Server;
  readonly port: number;
  attach(handler: Handler): void;
  /**
   * Stops accepting connections and lets the requests in flight finish: each answer
   * then closes its connection instead of keeping it alive. Requests still running after
   * `graceMs` have their connections cut. Resolves once every connection is closed.
   */
  close(graceMs?: number): Promise<void>;
}

const notReady: Handler = (_request, response) => {
  response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
  response.end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Starting up', code: 'NotReady' }));
};

const DEFAULT_GRACE_MS = 10_000;

/**
 * Binds the port first, so that the real port (also for `PORT=0`) is known before the provider's
 * webhook URL is configured; requests that arrive before the app is attached get 503.
 */
export const listen = async (port: number): Promise<Listener> => {
  let handler: Handler = notReady;
  let closing: Promise<void> | undefined;
  // One shared listener (no closure per request): once closing, a finished answer frees its connection at once.
  function onFinish(): void {
    if (closing !== undefined) server.closeIdleConnections();
  }
  const server = createServer((request, response) => {
    response.on('finish', onFinish);
    if (closing !== undefined) response.shouldKeepAlive = false;
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    attach: (next) => {
      handler = next;
    },
    close: (graceMs = DEFAULT_GRACE_MS) =>
      (closing ??= new Promise<void>((resolve) => {
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      })),
  };
};
