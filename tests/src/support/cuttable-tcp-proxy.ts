import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback TCP proxy whose link can be cut and restored: a dependency going away and coming back. */
export interface CuttableTcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** Drops every open connection and refuses new ones until `restore` (connections are reset). */
  cut(): void;
  /** Forwards new connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * Forwards every connection to `host:port`. Cutting it is what a database server's crash looks like
 * from the service: open connections end mid-statement and new ones are dropped at once.
 */
export const startCuttableTcpProxy = async (host: string, port: number): Promise<CuttableTcpProxy> => {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      cut = false;
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
