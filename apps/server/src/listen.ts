import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A listening HTTP server whose handler is attached once the application is built. */
export interface Listener {
  readonly server: Server;
  readonly port: number;
  attach(handler: Handler): void;
  close(): Promise<void>;
}

const notReady: Handler = (_request, response) => {
  response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
  response.end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Starting up', code: 'NotReady' }));
};

/**
 * Binds the port first, so that the real port (also for `PORT=0`) is known before the provider's
 * webhook URL is configured; requests that arrive before the app is attached get 503.
 */
export const listen = async (port: number): Promise<Listener> => {
  let handler: Handler = notReady;
  const server = createServer((request, response) => handler(request, response));
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
};
