import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One push the stand-in received, as the SDK sent it. */
export interface RecordedPush {
  readonly to: string;
  readonly title?: string;
  readonly body?: string;
  readonly data?: Record<string, unknown>;
  readonly sound?: unknown;
}

/** A local stand-in for Expo's push API (`/--/api/v2/push/send` and `…/getReceipts`) that records what it receives. */
export interface ExpoPushStandIn {
  /** Its base URL, for `EXPO_BASE_URL`. */
  readonly url: string;
  /** Every push received, in order. */
  readonly pushes: RecordedPush[];
  /** The `/send` requests received (each a batch), by size. */
  readonly batches: number[];
  /** The receipt ids asked for, one array per `/getReceipts` request. */
  readonly receiptRequests: string[][];
  /** Tokens answered with a `DeviceNotRegistered` ticket. */
  readonly unregisteredAtSend: Set<string>;
  /** Tokens whose (ok) ticket's receipt says `DeviceNotRegistered`. */
  readonly unregisteredInReceipts: Set<string>;
  /** While set, `/send` answers this HTTP status with an Expo error body. */
  failSendsWith: number | null;
  /** Resolves once `count` pushes in total have been received. */
  whenPushes(count: number): Promise<void>;
  /** Resolves once a `/getReceipts` request has asked for the receipt of a push to `token`. */
  whenReceiptAsked(token: string): Promise<void>;
  /** Stops the stand-in. */
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return JSON.parse(text) as unknown;
};

const reply = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/**
 * Starts the stand-in on 127.0.0.1 (an ephemeral port unless given). It checks the bearer token,
 * answers a ticket per message and, later, a receipt per ticket, as Expo's API does (including its
 * error shapes, which quote the token).
 *
 * @example
 * const expo = await startExpoPushStandIn({ accessToken: 'expo-test-token' });
 * // EXPO_ACCESS_TOKEN=expo-test-token EXPO_BASE_URL=${expo.url}
 */
export const startExpoPushStandIn = async (options: { readonly accessToken: string; readonly port?: number }): Promise<ExpoPushStandIn> => {
  const receipts = new Map<string, unknown>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiptIdsOf = new Map<string, string[]>();
  const asked = new Set<string>();
  const receiptWaiters: { token: string; resolve: () => void }[] = [];
  const standIn: Omit<ExpoPushStandIn, 'url' | 'close'> = {
    pushes: [],
    batches: [],
    receiptRequests: [],
    unregisteredAtSend: new Set(),
    unregisteredInReceipts: new Set(),
    failSendsWith: null,
    whenPushes: (count) =>
      standIn.pushes.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    whenReceiptAsked: (token) =>
      asked.has(token) ? Promise.resolve() : new Promise<void>((resolve) => receiptWaiters.push({ token, resolve })),
  };
  const notRegistered = (token: string) => ({
    status: 'error',
    message: `"${token}" is not a registered push notification recipient`,
    details: { error: 'DeviceNotRegistered', expoPushToken: token },
  });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.headers.authorization !== `Bearer ${options.accessToken}`) {
      return reply(response, 401, { errors: [{ code: 'UNAUTHORIZED', message: 'The bearer token is invalid' }] });
    }
    if (request.method === 'POST' && request.url === '/--/api/v2/push/send') {
      const body = await readBody(request);
      if (standIn.failSendsWith !== null)
        return reply(response, standIn.failSendsWith, { errors: [{ code: 'INTERNAL_SERVER_ERROR', message: 'stand-in told to fail' }] });
      const messages = (Array.isArray(body) ? body : [body]) as RecordedPush[];
      standIn.batches.push(messages.length);
      const tickets = messages.map((message) => {
        standIn.pushes.push(message);
        if (standIn.unregisteredAtSend.has(message.to)) return notRegistered(message.to);
        const id = randomUUID();
        receiptIdsOf.set(id, [message.to]);
        receipts.set(id, standIn.unregisteredInReceipts.has(message.to) ? notRegistered(message.to) : { status: 'ok' });
        return { status: 'ok', id };
      });
      for (const waiter of waiters.filter((w) => standIn.pushes.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return reply(response, 200, { data: tickets });
    }
    if (request.method === 'POST' && request.url === '/--/api/v2/push/getReceipts') {
      const { ids } = (await readBody(request)) as { ids: string[] };
      standIn.receiptRequests.push(ids);
      for (const token of ids.flatMap((id) => receiptIdsOf.get(id) ?? [])) asked.add(token);
      // Answered first, then the waiters hear of it: the client is already reading the answer.
      setImmediate(() => {
        for (const waiter of receiptWaiters.filter((w) => asked.has(w.token))) {
          receiptWaiters.splice(receiptWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      });
      return reply(response, 200, { data: Object.fromEntries(ids.filter((id) => receipts.has(id)).map((id) => [id, receipts.get(id)])) });
    }
    return reply(response, 404, { errors: [{ code: 'NOT_FOUND', message: `${request.method} ${request.url}` }] });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      reply(response, 400, { errors: [{ code: 'BAD_REQUEST', message: String(error) }] }),
    );
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as ExpoPushStandIn;
};
