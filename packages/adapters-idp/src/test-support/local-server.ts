import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A `node:http` server on 127.0.0.1 with an ephemeral port, for tests. */
export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a local server; `close` also drops open (e.g. never-answered) connections. */
export const startLocalServer = async (handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<LocalServer> => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A URL on which nothing listens (a server that was started and closed). */
export const deadUrl = async (): Promise<string> => {
  const server = await startLocalServer(() => undefined);
  await server.close();
  return server.url;
};

/** Writes a JSON body with exactly `application/json`, as the provider does. */
export const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};
