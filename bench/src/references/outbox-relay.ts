// Reference limit for event delivery: a hand-written outbox relay. One loop claims a batch of
// undelivered rows with FOR UPDATE SKIP LOCKED, signs each body with standardwebhooks, posts them
// with undici, marks them delivered and commits; an empty outbox is polled again after 10 ms.
// It does what the service's queue does for a delivery, and nothing the service adds (retries,
// attempt log, endpoint lookup), so its rate is the ceiling the service is compared against.
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { Pool as HttpPool } from 'undici';

const required = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

const database = new pg.Pool({ connectionString: required('DATABASE_URL'), max: 2 });
database.on('error', () => undefined);
const receiver = new URL(required('RECEIVER_URL'));
const http = new HttpPool(receiver.origin, { connections: 16 });
const signer = new Webhook(required('WEBHOOK_SECRET'));
const BATCH = 32;
const IDLE_MS = 10;

interface OutboxRow {
  readonly id: string;
  readonly event_id: string;
  readonly body: string;
}

const post = async (row: OutboxRow): Promise<void> => {
  const now = new Date();
  const response = await http.request({
    path: receiver.pathname,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': row.event_id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign(row.event_id, now, row.body),
    },
    body: row.body,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  await response.body.dump();
  if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`receiver answered ${response.statusCode}`);
};

/** Delivers one batch; resolves with how many rows it claimed. */
const relayBatch = async (): Promise<number> => {
  const client = await database.connect();
  try {
    await client.query('begin');
    const claimed = await client.query<OutboxRow>(
      'select id, event_id, body from bench_outbox where delivered_at is null order by id limit $1 for update skip locked',
      [BATCH],
    );
    await Promise.all(claimed.rows.map(post));
    if (claimed.rows.length > 0) {
      await client.query('update bench_outbox set delivered_at = now() where id = any($1::bigint[])', [claimed.rows.map((row) => row.id)]);
    }
    await client.query('commit');
    return claimed.rows.length;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

let stopping = false;
process.once('SIGTERM', () => {
  stopping = true;
});
process.stdout.write('relay ready\n');
while (!stopping) {
  const claimed = await relayBatch();
  if (claimed === 0) await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
}
await http.close();
await database.end();
