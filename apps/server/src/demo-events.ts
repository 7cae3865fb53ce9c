import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectOk, type DemoAnswer } from './demo-http.js';

/** Calls the service as the organization's owner (a fresh session token each time). */
type OwnerApi = (method: string, path: string, body?: unknown) => Promise<DemoAnswer>;

/** One delivery the demo's receiver got. */
interface Received {
  readonly type: string;
  readonly id: string;
  readonly verified: boolean;
}

/** The events part of `npm run demo`, started after the organization exists. */
export interface DemoEvents {
  /** Waits for the role change's `membership.updated`, prints every delivery received, and closes the receiver. */
  report(): Promise<void>;
}

const single = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/** Until the deadline, whether `received` holds an event of `type` (deliveries are jobs, made after the request). */
const arrival = async (received: readonly Received[], type: string, deadlineMs: number): Promise<boolean> => {
  const until = Date.now() + deadlineMs;
  while (!received.some((event) => event.type === type)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
};

/**
 * Starts a local receiver (a Standard Webhooks endpoint on 127.0.0.1, verifying each delivery with
 * `standardwebhooks`) and registers it as the organization's webhook endpoint for every event type.
 * Loopback endpoints are allowed in development (`WEBHOOK_ENDPOINT_ALLOW_PRIVATE` defaults on there).
 */
export const startDemoEvents = async (say: (line?: string) => void, owner: OwnerApi, orgId: string): Promise<DemoEvents> => {
  const received: Received[] = [];
  // A delivery may arrive before the endpoint's creation has answered with its secret: it waits for it.
  let secretKnown: (verifier: Webhook) => void = () => undefined;
  const verifier = new Promise<Webhook>((resolve) => (secretKnown = resolve));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': single(request.headers['webhook-id']),
        'webhook-timestamp': single(request.headers['webhook-timestamp']),
        'webhook-signature': single(request.headers['webhook-signature']),
      };
      const webhook = await verifier;
      // The library answers the parsed event once the signature holds; a body that does not verify is never parsed.
      const event = ((): { type?: unknown } | undefined => {
        try {
          return webhook.verify(body, headers) as { type?: unknown };
        } catch {
          return undefined;
        }
      })();
      const verified = event !== undefined;
      received.push({ type: verified ? String(event.type) : 'unverified', id: headers['webhook-id'], verified });
      response.writeHead(verified ? 204 : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const created = expectOk(
    'registering the webhook endpoint',
    await owner('POST', `/organizations/${orgId}/webhook-endpoints`, { url, eventTypes: [], description: 'npm run demo' }),
  );
  secretKnown(new Webhook(created.secret as string));
  say(`   Signed events go to a local receiver at ${url} (endpoint ${created.endpoint.id}; its whsec_ secret is shown once).`);

  return {
    report: async () => {
      try {
        const arrived = await arrival(received, 'membership.updated', 15_000);
        say('   The local receiver verified each delivery with standardwebhooks; it received, in order of arrival:');
        for (const event of received) say(`   ${event.type.padEnd(22)} ${event.id}  ${event.verified ? 'verified' : 'NOT verified'}`);
        if (!arrived) throw new Error('the role change’s membership.updated did not reach the local receiver');
        if (received.some((event) => !event.verified)) throw new Error('a delivery did not verify');
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
};
