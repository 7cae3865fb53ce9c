import anyTest, { type TestFn } from 'ava';
import { randomInt } from 'node:crypto';
import { otherEvent, userCreatedEvent, userDeletedEvent, userUpdatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { seededRandom, type SeededRandom } from '../support/seeded-random.js';
import { randomJson as randomJsonOf, randomText } from './random-json.js';
import { capturedExceptions, rawRequest } from './raw-http.js';

// A seeded fuzzer of the webhook route. Random and mutated bodies and header
// sets, some correctly signed over garbage, must get 200 or a 4xx, never a 500, and the service must
// still answer afterwards. Default 2,000 inputs; a longer run:
//   WEBHOOK_FUZZ_INPUTS=50000 WEBHOOK_FUZZ_SEED=12345 npx ava tests/dist/security/webhook-fuzz.test.js
const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

const INPUTS = Number(process.env['WEBHOOK_FUZZ_INPUTS'] ?? 2000);
const SEED = Number(process.env['WEBHOOK_FUZZ_SEED'] ?? randomInt(2 ** 31));
const CONCURRENCY = 16;

test.before(async (t) => {
  const provider = await startTestProvider();
  // The public rate limiter would answer most inputs with 429; the fuzzer is after the route itself.
  t.context = {
    provider,
    service: await startServiceUnderTest(providerEnv(provider, { LOG_LEVEL: 'warn', PUBLIC_RATE_LIMIT_POINTS: '1000000' })),
  };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

type Random = SeededRandom;

const randomBytesOf = (r: Random, max: number): Buffer => Buffer.from(Array.from({ length: r.int(max) }, () => r.int(256)));

const SAMPLE_VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  '',
  'x',
  'user_',
  'user_fuzz1',
  [],
  {},
  [1, 'a'],
  { id: 1 },
  'a'.repeat(300),
  '\u0000',
  -0,
  1.5,
];
const EVENT_NAMES = ['id', 'type', 'data', 'email_addresses', 'primary_email_address_id', 'updated_at', 'deleted', 'object'];
const randomJson = (r: Random): unknown => randomJsonOf(r, SAMPLE_VALUES, EVENT_NAMES);

/** A plausible event, then one to three random edits deep inside it. */
const mutatedEvent = (r: Random): unknown => {
  const id = `user_fuzz${r.int(50)}`;
  const base = r.pick([
    () => userCreatedEvent({ id, email: `${id}@example.com` }),
    () => userUpdatedEvent({ id, email: `${id}@example.org`, updatedAt: 1_716_883_200_000 + r.int(1e6) }),
    () => userDeletedEvent(id),
    () => otherEvent(r.pick(['session.created', 'organization.created', 'email.created', 'user.created.v2', ''])),
  ])() as Record<string, unknown>;
  const edits = 1 + r.int(3);
  for (let i = 0; i < edits; i += 1) {
    let target: Record<string, unknown> = base;
    if (r.next() < 0.6 && typeof base['data'] === 'object' && base['data'] !== null && !Array.isArray(base['data']))
      target = base['data'] as Record<string, unknown>;
    const first: unknown = Array.isArray(target['email_addresses']) ? target['email_addresses'][0] : undefined;
    if (r.next() < 0.3 && typeof first === 'object' && first !== null) target = first as Record<string, unknown>;
    const keys = Object.keys(target);
    const key = keys.length > 0 && r.next() < 0.8 ? r.pick(keys) : randomText(r, 10);
    if (r.next() < 0.3) delete target[key];
    else target[key] = randomJson(r);
  }
  return base;
};

/** A body: random bytes, random text, random JSON, a mutated event, or a byte-mutated serialisation. */
const body = (r: Random): Buffer => {
  switch (r.int(7)) {
    case 0:
      return randomBytesOf(r, 2048);
    case 1:
      return Buffer.from(randomText(r, 512));
    case 2:
      return Buffer.from(JSON.stringify(randomJson(r)) ?? 'null');
    case 3: {
      const bytes = Buffer.from(JSON.stringify(mutatedEvent(r)));
      for (let i = 0; i < 1 + r.int(4); i += 1) bytes[r.int(bytes.length)] = r.int(256);
      return bytes;
    }
    case 4: {
      const text = JSON.stringify(mutatedEvent(r));
      return Buffer.from(r.next() < 0.5 ? text.slice(0, r.int(text.length)) : `${text.slice(0, -1)},"type":"user.deleted"}`);
    }
    case 5:
      return Buffer.from(`${'['.repeat(2000 + r.int(5000))}${']'.repeat(r.int(3000))}`);
    default:
      return Buffer.from(JSON.stringify(mutatedEvent(r)));
  }
};

const HEADER_NOISE = ['', ' ', 'v1,', 'v1,AAAA', 'whsec_x', '0', '-1', '1e10', 'null', 'msg_1.2', 'a'.repeat(300), '\t'];

/** Header sets: correctly signed (often), signed then damaged, or random. */
const headers = (r: Random, provider: TestProvider, payload: Buffer): Record<string, string> => {
  const signed = provider.sign(payload.toString('utf8'), {
    id: `msg_fuzz${r.int(1e6)}`,
    at: new Date(Date.now() + (r.next() < 0.1 ? (r.int(1200) - 600) * 1000 : 0)),
  });
  const kind = r.int(10);
  const set: Record<string, string> = kind < 5 ? signed : { ...signed };
  if (kind >= 5 && kind < 8) {
    const name = r.pick(Object.keys(set));
    if (r.next() < 0.3) delete set[name];
    else set[name] = r.next() < 0.5 ? r.pick(HEADER_NOISE) : `${set[name]}${r.pick(HEADER_NOISE)}`;
  }
  if (kind >= 8) for (const name of Object.keys(set)) if (r.next() < 0.5) set[name] = r.pick(HEADER_NOISE);
  for (const name of Object.keys(set)) if (set[name] === '' || /[\t]/.test(set[name]!)) delete set[name];
  if (r.next() < 0.3)
    set['content-type'] = r.pick([
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/json; charset=utf-16',
    ]);
  if (r.next() < 0.05) set['content-encoding'] = r.pick(['gzip', 'br', 'identity', 'x-unknown']);
  return set;
};

test('thousands of random and mutated webhook deliveries get 200 or 4xx, never 500, and the service still answers', async (t) => {
  const { provider, service } = t.context;
  t.log(`webhook fuzzer: seed ${SEED}, ${INPUTS} inputs (replay with WEBHOOK_FUZZ_SEED=${SEED} WEBHOOK_FUZZ_INPUTS=${INPUTS})`);
  const r = seededRandom(SEED);
  const inputs = Array.from({ length: INPUTS }, () => {
    const payload = body(r);
    return { payload, headers: headers(r, provider, payload) };
  });
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  for (let start = 0; start < inputs.length; start += CONCURRENCY) {
    await Promise.all(
      inputs.slice(start, start + CONCURRENCY).map(async ({ payload, headers: set }, offset) => {
        const response = await rawRequest(service.url, { method: 'POST', path: '/webhooks/idp', headers: set, body: payload });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (!(response.status === 200 || (response.status >= 400 && response.status < 500))) {
          failures.push(`input ${start + offset}: ${response.status} ${response.body.slice(0, 200)}`);
        }
      }),
    );
  }
  t.log(
    `statuses: ${[...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}`,
  );
  const defects = capturedExceptions(service.logs.records()).filter(
    (record) => (record['err'] as { message?: string })?.message !== 'signed idp webhook did not decode',
  );
  t.deepEqual(
    { failures, defects: defects.map((record) => record['err']) },
    { failures: [], defects: [] },
    'no 500, and the only issues raised are signed deliveries that did not decode',
  );
  t.is((await fetch(`${service.url}/health`)).status, 200);
  t.is((await fetch(`${service.url}/health/ready`)).status, 200);
  t.true((statuses.get(200) ?? 0) > 0 && (statuses.get(400) ?? 0) > 0, 'both accepted and refused inputs were produced');
});
