import anyTest, { type TestFn } from 'ava';
import type { Clock } from '@idv/core';
import { userCreatedEvent } from '@idv/core/testing';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase, type ScratchDatabase } from '../persistence/support/scratch-database.js';
import { startCuttableTcpProxy, type CuttableTcpProxy } from '../support/cuttable-tcp-proxy.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';

// One incident, not thousands: PostgreSQL goes away under webhook load (a loopback proxy in front
// of a scratch database is cut; the shared server is never stopped). The service's clock moves only
// when the test moves it, so the 10 s summary window is counted exactly, with no sleeps.

const METRICS_TOKEN = 'outage-metrics-token-of-32-characters-or-more';
const test = anyTest.serial as TestFn<{
  provider: TestProvider;
  scratch: ScratchDatabase;
  proxy: CuttableTcpProxy;
  service: ServiceUnderTest;
  clock: ManualClock;
}>;

/** Time that stands still until the test moves it. */
class ManualClock implements Clock {
  private at = Date.now();
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

const url = testDatabaseUrl();

const deliver = async (service: ServiceUnderTest, provider: TestProvider, n: number): Promise<number> => {
  const body = JSON.stringify(userCreatedEvent({ id: `user_outage${n}`, email: `outage${n}@example.com` }));
  const response = await fetch(`${service.url}/webhooks/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...provider.sign(body, { id: `msg_outage${n}` }) },
    body,
  });
  await response.arrayBuffer();
  return response.status;
};

/** `count` deliveries, `concurrency` at a time: webhook load. */
const burst = async (
  service: ServiceUnderTest,
  provider: TestProvider,
  from: number,
  count: number,
  concurrency = 10,
): Promise<number[]> => {
  const statuses: number[] = [];
  for (let start = from; start < from + count; start += concurrency) {
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(concurrency, from + count - start) }, (_, i) => deliver(service, provider, start + i)),
      )),
    );
  }
  return statuses;
};

const errorLines = (service: ServiceUnderTest) => service.logs.records().filter((record) => Number(record['level']) >= 50);

const metric = async (service: ServiceUnderTest, name: string, labels: string): Promise<number> => {
  const text = await (await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line === undefined ? 0 : Number(line.split(' ').pop());
};

if (url === undefined) {
  reportPostgresNotRun('the database outage log test not run: TEST_DATABASE_URL is unset');
} else {
  test.before(async (t) => {
    const scratch = await createScratchDatabase(url);
    const target = new URL(scratch.url);
    const proxy = await startCuttableTcpProxy(target.hostname, Number(target.port || 5432));
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    const provider = await startTestProvider();
    const clock = new ManualClock();
    const service = await startServiceUnderTest(
      providerEnv(provider, { DATABASE_URL: target.toString(), METRICS_TOKEN, LOG_LEVEL: 'info' }),
      { clock },
    );
    t.context = { provider, scratch, proxy, service, clock };
  });
  test.after.always(async (t) => {
    await t.context.service?.close();
    await t.context.proxy?.close();
    await t.context.provider?.close();
    await t.context.scratch?.drop();
  });

  test('a database outage under webhook load is one captured error, a summary per 10 s with the count, and one line when it is over; metrics count every failure', async (t) => {
    const { provider, proxy, service, clock } = t.context;
    t.deepEqual([...new Set(await burst(service, provider, 0, 20))], [200], 'before the outage');
    t.deepEqual(errorLines(service), []);

    proxy.cut();
    const failed: number[] = [];
    for (let window = 0; window < 3; window += 1) {
      failed.push(...(await burst(service, provider, 100 + window * 100, 100)));
      clock.advance(10_000);
    }
    t.deepEqual([...new Set(failed)], [500], 'every delivery failed while the database was away (the provider retries)');

    const lines = errorLines(service);
    t.is(
      lines.length,
      3,
      `300 failures, 3 error lines (the first with its stack, then one summary per 10 s): ${lines.map((line) => line['msg']).join(' | ')}`,
    );
    t.like(lines[0], { msg: 'captured exception', context: { method: 'POST', path: '/webhooks/idp', incident: 'database-unavailable' } });
    t.regex(String((lines[0]?.['err'] as { stack?: string } | undefined)?.stack), /PersistenceError/);
    t.like(lines[1], { incident: 'database-unavailable', sinceLastLine: 100 });
    t.like(lines[2], { incident: 'database-unavailable', sinceLastLine: 100, failures: 201 });

    proxy.restore();
    t.deepEqual([...new Set(await burst(service, provider, 1000, 20))], [200], 'after the outage');
    const over = service.logs.records().filter((record) => String(record['msg']).includes('database-unavailable is over'));
    t.is(over.length, 1, 'the recovery is one line');
    t.like(over[0], { level: 30, failures: 300, sinceLastLine: 99 });
    t.is(errorLines(service).length, 3, 'nothing more at error level once it is over');

    t.is(
      await metric(service, 'idv_http_request_duration_seconds_count', 'method="POST",route="/webhooks/idp",status="500"'),
      300,
      'metrics count every failed request',
    );
    t.is(await metric(service, 'idv_webhook_events_total', 'event_type="user.created",outcome="failed"'), 300, 'and every failed delivery');
  });
}
