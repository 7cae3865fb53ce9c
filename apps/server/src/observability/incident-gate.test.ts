import test from 'ava';
import { PersistenceError } from '@idv/adapters-persistence';
import { IdentityProviderError } from '@idv/adapters-idp';
import { RecordingErrorTracker, RecordingLogger } from '@idv/core/testing';
import { IncidentGate } from './incident-gate.js';

/** A gate on a clock the test moves: no sleeps, no timed assertions. */
const gated = () => {
  let now = 1_000_000;
  const tracker = new RecordingErrorTracker();
  const logger = new RecordingLogger();
  const gate = new IncidentGate(tracker, logger, { now: () => now });
  return { gate, tracker, logger, advance: (ms: number) => (now += ms) };
};

const databaseAway = () => new PersistenceError('users.upsert', 'connection', '57P01', undefined);
const providerAway = () => new IdentityProviderError('IdP getUser failed: ECONNREFUSED', { operation: 'getUser', failure: 'network' });

test('the first failure of a kind is captured once, with its stack; its repeats are only counted', (t) => {
  const { gate, tracker, logger } = gated();
  const first = databaseAway();
  gate.captureException(first, { method: 'POST', path: '/webhooks/idp' });
  for (let n = 0; n < 500; n += 1) gate.captureException(databaseAway(), { method: 'POST', path: '/webhooks/idp' });
  t.deepEqual(tracker.captured, [first], 'captured once: the first error itself, stack and all');
  t.deepEqual(tracker.capturedContexts, [{ method: 'POST', path: '/webhooks/idp', incident: 'database-unavailable' }]);
  t.deepEqual(logger.entries, [], 'the repeats inside the window write nothing');
});

test('repeats are summarized in at most one error line per 10 s of the clock, with the count', (t) => {
  const { gate, tracker, logger, advance } = gated();
  gate.captureException(databaseAway());
  for (let second = 1; second <= 25; second += 1) {
    advance(1_000);
    for (let n = 0; n < 100; n += 1) gate.captureException(databaseAway());
  }
  const lines = logger.at('error');
  t.is(lines.length, 2, 'at 10 s and at 20 s, not once per failure');
  // The first repeat at 10 s writes the line: 900 repeats before it, itself, 1 first failure.
  t.like(lines[0]?.fields, { incident: 'database-unavailable', sinceLastLine: 901, failures: 902, openForMs: 10_000 });
  t.like(lines[1]?.fields, { incident: 'database-unavailable', sinceLastLine: 1000, failures: 1902, openForMs: 20_000 });
  t.true(lines[0]!.message.includes('901 more failures'));
  gate.answered('database-unavailable');
  t.like(logger.at('info')[0]?.fields, { failures: 2501, sinceLastLine: 599 }, 'what no line reported yet is in the recovery line');
  t.is(tracker.captured.length, 1, 'a summary is never captured');
});

test('recovery logs once, with the failures the incident had; the next failure opens a new incident', (t) => {
  const { gate, tracker, logger, advance } = gated();
  gate.captureException(databaseAway());
  for (let n = 0; n < 9; n += 1) gate.captureException(databaseAway());
  advance(4_000);
  gate.answered('database-unavailable');
  gate.answered('database-unavailable');
  gate.answered('database-unavailable');
  const over = logger.entries.filter((entry) => entry.message.includes('is over'));
  t.is(over.length, 1, 'the first success after failures, and only it');
  t.like(over[0], { level: 'info', fields: { incident: 'database-unavailable', failures: 10, sinceLastLine: 9, lastedMs: 4_000 } });
  gate.captureException(databaseAway());
  t.is(tracker.captured.length, 2, 'a new outage is a new incident: captured again');
});

test('kinds are separate incidents: the provider away while the database is away is captured too, and each recovers on its own', (t) => {
  const { gate, tracker, logger } = gated();
  gate.captureException(databaseAway());
  gate.captureException(providerAway());
  gate.captureException(providerAway());
  t.is(tracker.captured.length, 2);
  t.deepEqual(
    tracker.capturedContexts.map((context) => context?.['incident']),
    ['database-unavailable', 'provider-unavailable'],
  );
  gate.answered('provider-unavailable');
  t.deepEqual(
    logger.entries.map((entry) => entry.fields['incident']),
    ['provider-unavailable'],
  );
  gate.captureException(databaseAway());
  t.is(tracker.captured.length, 2, 'the database incident is still open');
});

test('what is not an incident passes through as a defect, every time', (t) => {
  const { gate, tracker } = gated();
  const defects = [
    new Error('a bug'),
    new PersistenceError('users.insert', 'unique_violation', '23505', 'users_email_unique'),
    new PersistenceError('users.find', 'invalid_row', undefined, 'users.email'),
    new IdentityProviderError('IdP getUser failed: 422', { operation: 'getUser', failure: 'http', status: 422 }),
    new IdentityProviderError('IdP getUser failed: not JSON', { operation: 'getUser', failure: 'invalid-body', status: 200 }),
  ];
  for (const defect of [...defects, ...defects]) gate.captureException(defect);
  t.is(tracker.captured.length, 10);
  t.deepEqual(tracker.capturedContexts, Array(10).fill(undefined));
});

test('the adapters classify at their edge: a lost connection, a provider without an answer or with a 5xx are incidents', (t) => {
  t.is(databaseAway().incident, 'database-unavailable');
  t.is(new PersistenceError('users.find', 'unknown', undefined, undefined).incident, undefined);
  t.is(providerAway().incident, 'provider-unavailable');
  t.is(new IdentityProviderError('timeout', { operation: 'getUser', failure: 'timeout' }).incident, 'provider-unavailable');
  t.is(new IdentityProviderError('503', { operation: 'getUser', failure: 'http', status: 503 }).incident, 'provider-unavailable');
  t.is(new IdentityProviderError('429', { operation: 'getUser', failure: 'http', status: 429 }).incident, undefined);
});
