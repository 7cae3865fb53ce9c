import anyTest, { type TestFn } from 'ava';
import { hmacBase64 } from '@idv/adapters-payments';
import { createPersistence } from '@idv/adapters-persistence';
import { aPayment, fixtureUuid } from '@idv/core/testing';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase, runOnce, type ScratchDatabase } from '../persistence/support/scratch-database.js';
import { ensureOrganization } from '../persistence/support/seed.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';

// PostgreSQL down → a PayTR notice answers 500 (never OK) so PayTR retries, and
// the retry after recovery converges (one transition, then duplicates). The service runs on a scratch
// database made unreachable with ALLOW_CONNECTIONS false; the shared PostgreSQL server is never stopped.

const PAYTR = { PAYTR_MERCHANT_ID: '123456', PAYTR_MERCHANT_KEY: 'paytr-outage-key', PAYTR_MERCHANT_SALT: 'paytr-outage-salt' };
const ORG = fixtureUuid(0xe0, 1);
const PAYMENT = aPayment(fixtureUuid(0xe1, 1), ORG, { amountMinor: 15000 });
const test = anyTest.serial as TestFn<{ provider: TestProvider; scratch: ScratchDatabase; service: ServiceUnderTest }>;

const url = testDatabaseUrl();

const notice = (status: 'success' | 'failed', total: string) =>
  new URLSearchParams({
    merchant_oid: PAYMENT.merchantReference,
    status,
    total_amount: total,
    hash: hmacBase64(PAYTR.PAYTR_MERCHANT_KEY, `${PAYMENT.merchantReference}${PAYTR.PAYTR_MERCHANT_SALT}${status}${total}`),
  }).toString();

const deliver = async (service: ServiceUnderTest, body: string) => {
  const reply = await fetch(`${service.url}/payments/callbacks/paytr`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: reply.status, text: await reply.text() };
};

if (url === undefined) {
  reportPostgresNotRun('payment callbacks with PostgreSQL down not run: TEST_DATABASE_URL is unset');
} else {
  test.before(async (t) => {
    const scratch = await createScratchDatabase(url);
    const seeding = await createPersistence({ kind: 'postgres', url: scratch.url });
    try {
      await seeding.migrate();
      await ensureOrganization(seeding, ORG);
      await seeding.paymentTransactions.create(PAYMENT);
    } finally {
      await seeding.close();
    }
    const provider = await startTestProvider();
    const service = await startServiceUnderTest(
      providerEnv(provider, { DATABASE_URL: scratch.url, PAYMENTS_PROVIDERS: 'paytr', ...PAYTR }),
    );
    t.context = { provider, scratch, service };
  });
  test.after.always(async (t) => {
    await t.context.scratch?.admin(`alter database "${t.context.scratch.name}" allow_connections true`);
    await t.context.service?.close();
    await t.context.provider?.close();
    await t.context.scratch?.drop();
  });

  test('PostgreSQL unreachable: the PayTR notice answers 500, never OK, and changes nothing; the retry after recovery applies it once', async (t) => {
    const { scratch, service } = t.context;
    const body = notice('success', '15000');
    await scratch.admin(`alter database "${scratch.name}" allow_connections false`);
    await scratch.admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      scratch.name,
    ]);

    const during = await deliver(service, body);
    t.is(during.status, 500, 'a defect: PayTR retries on anything but OK');
    t.not(during.text, 'OK');
    t.is((await fetch(`${service.url}/health/ready`)).status, 503, 'readiness says so too');

    await scratch.admin(`alter database "${scratch.name}" allow_connections true`);
    const retried = await deliver(service, body);
    t.deepEqual(retried, { status: 200, text: 'OK' }, "the provider's retry converges");
    t.deepEqual(await deliver(service, body), { status: 200, text: 'OK' }, 'a further retry is a duplicate, still OK');
    const rows = await runOnce(scratch.url, 'select status, paid_amount_minor::text as paid from payment_transactions where id = $1', [
      PAYMENT.id,
    ]);
    t.like(rows.rows[0], { status: 'succeeded', paid: '15000' });
    const inbox = await runOnce(scratch.url, "select outcome from payment_callback_events where scheme = 'paytr-notification'");
    t.deepEqual(
      inbox.rows.map((row) => row.outcome),
      ['Applied'],
      'one recorded delivery; nothing half-written by the failed attempt',
    );
    t.true(
      service.logs.records().some((line) => line['level'] === 50),
      'the defect was logged',
    );
  });

  test('after recovery a late failure notice for the settled payment never regresses it (still OK, so PayTR stops)', async (t) => {
    const { scratch, service } = t.context;
    t.deepEqual(await deliver(service, notice('failed', '0')), { status: 200, text: 'OK' });
    const rows = await runOnce(scratch.url, 'select status from payment_transactions where id = $1', [PAYMENT.id]);
    t.is(rows.rows[0]?.status, 'succeeded');
  });
}
