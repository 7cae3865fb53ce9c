import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { FixedClock, InMemoryIdempotencyRecords } from '../../testing/index.js';
import { fingerprintText, IDEMPOTENCY_TTL_MS, type IdempotencyKey } from '../idempotency.js';
import { withIdempotency } from './with-idempotency.js';
import { UNFINGERPRINTED_FIELDS } from '../commerce-area.js';

const KEY = 'c0ffee00-0000-4000-8000-000000000001' as IdempotencyKey;
const SCOPE = 'purchase:iron-gym';

const setUp = () => {
  const clock = new FixedClock();
  const idempotencyRecords = new InMemoryIdempotencyRecords();
  let runs = 0;
  const guard = withIdempotency({ idempotencyRecords, clock });
  const send = (fingerprint: string, status = 201) =>
    guard(SCOPE, KEY, fingerprint, async () => {
      runs += 1;
      return { status, body: { run: runs } };
    })();
  return { clock, idempotencyRecords, send, runs: () => runs };
};

test('the same key and body answers the first answer again without running twice', async (t) => {
  const { send, runs } = setUp();
  t.deepEqual(await send('fp'), E.right({ status: 201, body: { run: 1 }, replayed: false }));
  t.deepEqual(await send('fp'), E.right({ status: 201, body: { run: 1 }, replayed: true }));
  t.deepEqual(await send('fp'), E.right({ status: 201, body: { run: 1 }, replayed: true }));
  t.is(runs(), 1);
});

test('the same key with another body is IdempotencyKeyReused, and runs nothing', async (t) => {
  const { send, runs } = setUp();
  await send('fp');
  const reused = await send('another');
  t.true(E.isLeft(reused) && reused.left._tag === 'IdempotencyKeyReused');
  t.is(runs(), 1);
});

test('a refusal is kept and answered again too (the key names one outcome)', async (t) => {
  const { send, runs } = setUp();
  await send('fp', 422);
  t.deepEqual(await send('fp', 201), E.right({ status: 422, body: { run: 1 }, replayed: true }));
  t.is(runs(), 1);
});

test('after 24 hours the key is free again', async (t) => {
  const { send, clock, runs } = setUp();
  await send('fp');
  clock.advance(IDEMPOTENCY_TTL_MS);
  t.deepEqual(await send('another'), E.right({ status: 201, body: { run: 2 }, replayed: false }));
  t.is(runs(), 2);
});

test('a defect releases the claim, so the retry runs afresh', async (t) => {
  const { idempotencyRecords, clock } = setUp();
  const guard = withIdempotency({ idempotencyRecords, clock });
  await t.throwsAsync(guard(SCOPE, KEY, 'fp', () => Promise.reject(new Error('database down')))(), { message: 'database down' });
  t.deepEqual(
    await guard(SCOPE, KEY, 'fp', async () => ({ status: 201, body: {} }))(),
    E.right({ status: 201, body: {}, replayed: false }),
  );
});

test('while the first request runs, the same key is IdempotencyKeyInProgress', async (t) => {
  const { idempotencyRecords, clock } = setUp();
  const guard = withIdempotency({ idempotencyRecords, clock });
  let release: () => void = () => undefined;
  const first = guard(SCOPE, KEY, 'fp', () => new Promise((resolve) => (release = () => resolve({ status: 201, body: {} }))))();
  const second = await guard(SCOPE, KEY, 'fp', async () => ({ status: 201, body: {} }))();
  t.true(E.isLeft(second) && second.left._tag === 'IdempotencyKeyInProgress');
  release();
  t.true(E.isRight(await first));
});

test('the fingerprinted text sorts keys at every level and leaves the card and the national ID out', (t) => {
  const body = {
    planId: 'p',
    card: { number: '4111111111111111' },
    payer: { name: 'Ada', city: 'İzmir' },
    nationalId: '12345678901',
    email: 'a@x',
  };
  const text = fingerprintText(body, ['card', 'nationalId']);
  t.is(text, '{"email":"a@x","payer":{"city":"İzmir","name":"Ada"},"planId":"p"}');
  t.is(fingerprintText({ email: 'a@x', planId: 'p', payer: { name: 'Ada', city: 'İzmir' } }, ['card', 'nationalId']), text);
  t.false(text.includes('4111'));
  t.false(text.includes('12345678901'));
});

test('a 5xx answer is not kept: the retry runs afresh', async (t) => {
  const { send, runs } = setUp();
  t.deepEqual(await send('fp', 503), E.right({ status: 503, body: { run: 1 }, replayed: false }));
  t.deepEqual(await send('fp', 201), E.right({ status: 201, body: { run: 2 }, replayed: false }));
  t.is(runs(), 2);
});

test('a 403 or a 429 answer is not kept: the retry with the same key runs afresh', async (t) => {
  const { send } = setUp();
  t.deepEqual(await send('fp', 403), E.right({ status: 403, body: { run: 1 }, replayed: false }));
  t.deepEqual(await send('fp', 429), E.right({ status: 429, body: { run: 2 }, replayed: false }));
  t.deepEqual(await send('fp', 201), E.right({ status: 201, body: { run: 3 }, replayed: false }));
  t.deepEqual(await send('fp', 201), E.right({ status: 201, body: { run: 3 }, replayed: true }));
});

test('pruning deletes the records past their 24 hours and keeps the live ones', async (t) => {
  const { clock, idempotencyRecords, send } = setUp();
  await send('fp');
  clock.advance(IDEMPOTENCY_TTL_MS - 1);
  t.is(await idempotencyRecords.pruneExpired(clock.now()), 0);
  clock.advance(1);
  t.is(await idempotencyRecords.pruneExpired(clock.now()), 1);
  t.deepEqual(idempotencyRecords.all(), []);
});

test("a purchase's fingerprint leaves out the card, the national ID and the single-use bot check token", (t) => {
  const body = { planId: 'p', email: 'a@x' };
  const withSecrets = { ...body, card: { number: '4111111111111111' }, nationalId: '12345678901', botCheckToken: 'tok-1' };
  t.is(fingerprintText(withSecrets, UNFINGERPRINTED_FIELDS), fingerprintText(body, UNFINGERPRINTED_FIELDS));
  t.is(fingerprintText({ ...withSecrets, botCheckToken: 'tok-2' }, UNFINGERPRINTED_FIELDS), fingerprintText(body, UNFINGERPRINTED_FIELDS));
});
