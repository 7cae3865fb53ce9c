import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got: raw body and headers. */
export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A local endpoint that records webhook deliveries. */
export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** Decides the status for the `index`-th request (0-based). */
export type Responder = (request: ReceivedWebhook, index: number) => number | Promise<number>;

/** Starts a receiver on an ephemeral port; answers 204 unless `respond` says otherwise. */
export const startWebhookReceiver = async (respond: Responder = () => 204): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      void Promise.resolve(respond(request, received.length - 1)).then((status) => res.writeHead(status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/idp`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** Renames `idp-webhook-*` headers to `<prefix>-*` (`svix` or `webhook`) for the real verification libraries. */
export const renameWebhookHeaders = (headers: IncomingHttpHeaders, prefix: 'svix' | 'webhook'): Record<string, string> => ({
  [`${prefix}-id`]: String(headers['idp-webhook-id']),
  [`${prefix}-timestamp`]: String(headers['idp-webhook-timestamp']),
  [`${prefix}-signature`]: String(headers['idp-webhook-signature']),
});
