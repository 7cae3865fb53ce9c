import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

/** One request a stand-in received, its body decompressed to text. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** A Sentry event as its envelope item carries it (only the fields the tests read are typed). */
export interface ReceivedSentryEvent {
  readonly event_id?: string;
  readonly user?: Record<string, unknown>;
  readonly tags?: Record<string, string>;
  readonly breadcrumbs?: ReadonlyArray<{ readonly category?: string; readonly message?: string; readonly data?: Record<string, unknown> }>;
  readonly contexts?: Record<string, Record<string, unknown>>;
  readonly exception?: { readonly values?: ReadonlyArray<{ readonly type?: string; readonly value?: string }> };
  readonly request?: unknown;
}

/** A PostHog event as a batch carries it. */
export interface ReceivedPostHogEvent {
  readonly event: string;
  readonly distinct_id: string;
  readonly properties?: Record<string, unknown>;
}

/**
 * A local stand-in for an error-tracking or analytics vendor: a tiny HTTP server that
 * keeps every request it receives (gzip or deflate bodies decompressed) and answers 200. Point
 * `SENTRY_DSN` at `sentryDsn` (its envelope endpoint) and `POSTHOG_HOST` at `url` (its batch
 * endpoint); nothing leaves the machine.
 */
export interface VendorStandIn {
  readonly url: string;
  /** `http://publickey@127.0.0.1:<port>/1`. */
  readonly sentryDsn: string;
  readonly requests: readonly ReceivedRequest[];
  /** Everything received, as one string (to search for leaked secrets). */
  text(): string;
  /** The events of every Sentry envelope received. */
  sentryEvents(): ReceivedSentryEvent[];
  /** The events of every PostHog batch (or single capture) received. */
  postHogEvents(): ReceivedPostHogEvent[];
  close(): Promise<void>;
}

const decompress = (body: Buffer, encoding: string | undefined): string => {
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  return body.toString('utf8');
};

// An envelope is newline-separated JSON: a header, then for each item its header and its payload.
const eventsOfEnvelope = (body: string): ReceivedSentryEvent[] => {
  const [, ...items] = body.split('\n').filter((line) => line.trim() !== '');
  const events: ReceivedSentryEvent[] = [];
  for (let index = 0; index + 1 < items.length; index += 2) {
    const header = JSON.parse(items[index]!) as { type?: string };
    if (header.type === 'event') events.push(JSON.parse(items[index + 1]!) as ReceivedSentryEvent);
  }
  return events;
};

const eventsOfBatch = (body: string): ReceivedPostHogEvent[] => {
  const parsed = JSON.parse(body) as { batch?: ReceivedPostHogEvent[] } & Partial<ReceivedPostHogEvent>;
  return parsed.batch ?? (parsed.event === undefined ? [] : [parsed as ReceivedPostHogEvent]);
};

/** Starts a stand-in on an ephemeral loopback port. */
export const startVendorStandIn = async (): Promise<VendorStandIn> => {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const encoding = request.headers['content-encoding'];
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: decompress(Buffer.concat(chunks), typeof encoding === 'string' ? encoding : undefined),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sentryDsn: `http://publickey@127.0.0.1:${port}/1`,
    requests,
    text: () => requests.map((request) => `${request.path}\n${JSON.stringify(request.headers)}\n${request.body}`).join('\n'),
    sentryEvents: () =>
      requests.filter((request) => request.path.startsWith('/api/1/envelope/')).flatMap((request) => eventsOfEnvelope(request.body)),
    postHogEvents: () =>
      requests.filter((request) => /^\/(batch|capture|i\/v0\/e)\/?/.test(request.path)).flatMap((request) => eventsOfBatch(request.body)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
