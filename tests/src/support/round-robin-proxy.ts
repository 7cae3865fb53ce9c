import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny load balancer on loopback: each request goes to the next upstream in turn. */
export interface RoundRobinProxy {
  readonly url: string;
  /** `METHOD path` of every request forwarded, per upstream (in the order given). */
  readonly forwarded: readonly string[][];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const forwardHeaders = (headers: IncomingHttpHeaders, peer: string): IncomingHttpHeaders => {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  const before = headers['x-forwarded-for'];
  // Like a real proxy: append the address this proxy saw, so that the service (TRUSTED_PROXY_HOPS=1) keys its limits on it.
  return { ...kept, 'x-forwarded-for': before === undefined ? peer : `${String(before)}, ${peer}` };
};

/**
 * Starts the proxy on 127.0.0.1 (ephemeral port) in front of `upstreams` (base URLs). An upstream
 * that cannot be reached answers 502, as a load balancer would.
 */
export const startRoundRobinProxy = async (upstreams: readonly string[]): Promise<RoundRobinProxy> => {
  const forwarded = upstreams.map(() => [] as string[]);
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    forwarded[index]!.push(`${incoming.method} ${incoming.url}`);
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const upstream = httpRequest(
      target,
      { method: incoming.method, headers: forwardHeaders(incoming.headers, incoming.socket.remoteAddress ?? '') },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('bad gateway');
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
