import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { registerCleanup } from '../cleanup.js';
import type { ScratchDatabase } from '../database.js';
import { measureDelivery, type DeliveryFigures } from './delivery-figures.js';
import type { Receiver } from './receiver.js';

const RELAY = fileURLToPath(new URL('../references/outbox-relay.js', import.meta.url));
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

const envelope = (eventId: string): string =>
  JSON.stringify({ type: 'membership.updated', id: eventId, timestamp: new Date().toISOString(), organizationId: 'bench', data: {} });

/** Starts the relay as a child process (as the service is one) and resolves once it polls. */
const startRelay = async (databaseUrl: string, receiverUrl: string): Promise<() => Promise<void>> => {
  const child = spawn(process.execPath, [RELAY], {
    env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: databaseUrl, RECEIVER_URL: receiverUrl, WEBHOOK_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  const stop = async (): Promise<void> => {
    unregister();
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  const unregister = registerCleanup(stop);
  return stop;
};

/**
 * The hand-written limit: a backlog of `burst` events drained by the relay, then `perSecond` events
 * a second for `seconds`, each inserted in its own transaction while the relay runs.
 */
export const measureReferenceOutbox = async (options: {
  readonly database: ScratchDatabase;
  readonly receiver: Receiver;
  readonly burst: number;
  readonly perSecond: number;
  readonly seconds: number;
}): Promise<DeliveryFigures> => {
  const { database, receiver } = options;
  await database.query(
    'create table bench_outbox (id bigserial primary key, event_id text not null, body text not null, delivered_at timestamptz)',
  );
  await database.query(`insert into bench_outbox (event_id, body) select 'evt_burst_' || n, $1 from generate_series(1, $2) as n`, [
    envelope('evt_burst'),
    options.burst,
  ]);
  const burstStart = Date.now();
  const stopRelay = await startRelay(database.url, receiver.url);
  const producers = new pg.Pool({ connectionString: database.url, max: 8 });
  try {
    return await measureDelivery(
      '(a) limit',
      receiver,
      options,
      burstStart,
      async (index) => {
        const eventId = `evt_stream_${index}`;
        await producers.query('insert into bench_outbox (event_id, body) values ($1, $2)', [eventId, envelope(eventId)]);
      },
      120_000,
    );
  } finally {
    await producers.end();
    await stopRelay();
  }
};
