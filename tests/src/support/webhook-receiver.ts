import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';

/** How the receiver answers one delivery. */
export type ReceiverAnswer =
  | { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string }
  /** Never answers (a slow endpoint): the sender's timeout must end it. */
  | 'hang'
  /** Answers 200 with a body that never ends: a sender that reads bodies never returns. */
  | 'endless-body';

/** Whether a delivery verifies under each library, with one secret. */
export interface Verification {
  readonly standardwebhooks: boolean;
  readonly svix: boolean;
}

/** One request the receiver got. */
export interface ReceivedDelivery {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Under the receiver's own secret (`secret`), when it has one. */
  readonly verified: Verification | undefined;
}

/** A local Standard Webhooks endpoint: records and verifies every delivery, and answers as told. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Every request, in arrival order. */
  readonly received: readonly ReceivedDelivery[];
  /** The secret deliveries are verified with (settable, e.g. after a rotation). */
  secret: string | undefined;
  /** Answers for the next deliveries, in order; once used up, every delivery gets 204. */
  answer(...answers: readonly ReceiverAnswer[]): void;
  /** The distinct `webhook-id`s received (a receiver dedupes on them). */
  ids(): readonly string[];
  /** Resolves once at least `count` requests have arrived. */
  whenReceived(count: number): Promise<readonly ReceivedDelivery[]>;
  close(): Promise<void>;
}

const single = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/** Verifies one delivery's body and headers with both `standardwebhooks` and `svix`, under `secret`. */
export const verifyDelivery = (delivery: Pick<ReceivedDelivery, 'headers' | 'body'>, secret: string): Verification => {
  const headers = {
    'webhook-id': single(delivery.headers['webhook-id']),
    'webhook-timestamp': single(delivery.headers['webhook-timestamp']),
    'webhook-signature': single(delivery.headers['webhook-signature']),
  };
  const verifies = (verify: () => unknown) => {
    try {
      verify();
      return true;
    } catch {
      return false;
    }
  };
  return {
    standardwebhooks: verifies(() => new StandardWebhook(secret).verify(delivery.body, headers)),
    svix: verifies(() => new SvixWebhook(secret).verify(delivery.body, headers)),
  };
};

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const writeEndlessBody = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(16 * 1024, 120);
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
  };
  response.on('drain', pump);
  pump();
};

/**
 * Starts a receiver on an ephemeral loopback port. Reusable by any suite that delivers events: it
 * verifies each delivery with both libraries under `secret` and records it, whatever it answers.
 *
 * @example
 * const receiver = await startWebhookReceiver(secret);
 * t.teardown(receiver.close);
 * receiver.answer({ status: 500 }, { status: 200 });
 */
export const startWebhookReceiver = async (secret?: string): Promise<WebhookReceiver> => {
  const received: ReceivedDelivery[] = [];
  const answers: ReceiverAnswer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const state = { secret };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
        verified: state.secret === undefined ? undefined : verifyDelivery({ headers: request.headers, body }, state.secret),
      });
      for (const waiter of waiters.filter(({ count }) => received.length >= count)) waiter.resolve();
      const answer = answers.shift() ?? { status: 204 };
      if (answer === 'hang') return;
      if (answer === 'endless-body') return writeEndlessBody(response);
      response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer: (...next: readonly ReceiverAnswer[]) => void answers.push(...next),
    ids: () => [...new Set(received.map((delivery) => single(delivery.headers['webhook-id'])))],
    whenReceived: (count: number) =>
      received.length >= count
        ? Promise.resolve(received)
        : new Promise<readonly ReceivedDelivery[]>((resolve) => waiters.push({ count, resolve: () => resolve(received) })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
};
