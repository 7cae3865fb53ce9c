import anyTest, { type TestFn } from 'ava';
import { userCreatedEvent } from '@idv/core/testing';
import { startVendorStandIn, type VendorStandIn } from '@idv/adapters-observability/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';

// The real service with SENTRY_DSN, POSTHOG_API_KEY and METRICS_TOKEN pointed at local
// stand-ins. One scenario drives every family (webhooks good, forged and undecodable; bearer
// requests good and expired; a national ID; a provider outage that becomes a defect), scrapes
// /metrics, shuts the service down (which flushes the vendors), then each test reads one outcome.
interface Observed {
  readonly provider: TestProvider;
  readonly sentry: VendorStandIn;
  readonly posthog: VendorStandIn;
  readonly service: ServiceUnderTest;
  readonly metrics: string;
  readonly secrets: readonly string[];
  readonly defectRequestId: string;
  readonly meRequestId: string;
}
const test = anyTest as TestFn<Observed>;

const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';
const NATIONAL_ID = '10000000146';
const SIGNED_UP = 'user_obsSignedUp1';
const OUTAGE = 'user_obsOutage1';

test.before(async (t) => {
  const [provider, sentry, posthog] = await Promise.all([startTestProvider(), startVendorStandIn(), startVendorStandIn()]);
  const service = await startServiceUnderTest(
    providerEnv(provider, {
      SENTRY_DSN: sentry.sentryDsn,
      POSTHOG_API_KEY: 'phc_stand_in_project',
      POSTHOG_HOST: posthog.url,
      METRICS_TOKEN,
    }),
  );
  const deliver = (body: string, headers = provider.sign(body)) => fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers, body });
  const signedUp = JSON.stringify(userCreatedEvent({ id: SIGNED_UP, email: 'signed-up@example.com' }));
  t.is((await deliver(signedUp)).status, 200);
  t.is((await deliver(signedUp, provider.sign(signedUp, { secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` }))).status, 400);
  const undecodable = JSON.stringify({
    ...userCreatedEvent({ id: 'user_obsBad1' }),
    data: { id: 42, email_addresses: 'leaked@example.com' },
  });
  t.is((await deliver(undecodable)).status, 400);
  const token = await provider.mintToken(SIGNED_UP);
  const me = await fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'obs-me-1' } });
  t.is(me.status, 200);
  const now = Math.floor(Date.now() / 1000);
  const expired = await provider.mintToken(SIGNED_UP, { iat: now - 120, nbf: now - 125, exp: now - 60 });
  t.is((await fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${expired}` } })).status, 401);
  const nationalId = await fetch(`${service.url}/users/me/national-id`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nationalId: NATIONAL_ID }),
  });
  t.is(nationalId.status, 204);
  provider.failing = true;
  const outageToken = await provider.mintToken(OUTAGE);
  const defect = await fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${outageToken}` } });
  t.is(defect.status, 500);
  provider.failing = false;
  const scrape = await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  t.is(scrape.status, 200);
  const metrics = await scrape.text();
  await service.close();
  t.context = {
    provider,
    sentry,
    posthog,
    service,
    metrics,
    secrets: [
      token,
      expired,
      outageToken,
      provider.secretKey,
      provider.webhookSecret,
      NATIONAL_ID,
      METRICS_TOKEN,
      'signed-up@example.com',
      'leaked@example.com',
    ],
    defectRequestId: defect.headers.get('x-request-id') ?? '',
    meRequestId: me.headers.get('x-request-id') ?? '',
  };
});
test.after.always(async (t) => {
  await Promise.all([t.context.provider?.close(), t.context.sentry?.close(), t.context.posthog?.close()]);
});

const sample = (metrics: string, name: string, labels: string): number => {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
};

test('a defect reaches Sentry with the caller (sub only) and its request id', (t) => {
  const defects = t.context.sentry.sentryEvents().filter((event) => event.user?.['id'] === OUTAGE);
  t.is(defects.length, 1);
  t.deepEqual(defects[0]?.user, { id: OUTAGE });
  t.is(defects[0]?.tags?.['request_id'], t.context.defectRequestId);
  t.regex(defects[0]?.exception?.values?.[0]?.value ?? '', /IdP getUser failed/);
});

test('a signed webhook that does not decode raises an issue; a forged signature raises none', (t) => {
  const messages = t.context.sentry.sentryEvents().map((event) => event.exception?.values?.[0]?.value);
  t.deepEqual(messages.filter((message) => message === 'signed idp webhook did not decode').length, 1);
  t.is(t.context.sentry.sentryEvents().length, 2, 'the undecodable delivery and the defect, nothing for the forged signature');
});

test('PostHog receives identify and user_signed_up for the new user, flushed at shutdown', (t) => {
  const events = t.context.posthog.postHogEvents().map((event) => [event.event, event.distinct_id]);
  t.deepEqual(events, [
    ['$identify', SIGNED_UP],
    ['user_signed_up', SIGNED_UP],
  ]);
});

test('nothing with a token, secret, national ID or email reaches either vendor', (t) => {
  const received = `${t.context.sentry.text()}\n${t.context.posthog.text()}`;
  for (const secret of t.context.secrets) t.false(received.includes(secret), `a secret reached a stand-in: ${secret.slice(0, 12)}…`);
});

test('/metrics reads the job queue at scrape time: depth, running, dead and oldest waiting job per queue', (t) => {
  const { metrics } = t.context;
  for (const family of ['idv_job_queue_depth', 'idv_job_active', 'idv_job_dead', 'idv_job_oldest_waiting_seconds']) {
    for (const queue of ['identity.delete-provider-user', 'payments.sweep'])
      t.true(metrics.split('\n').includes(`${family}{queue="${queue}"} 0`), `${family} ${queue}`);
  }
});

test('/metrics shows non-zero counters for every family after the scenario', (t) => {
  const { metrics } = t.context;
  t.true(sample(metrics, 'idv_http_request_duration_seconds_count', 'method="GET",route="/users/me",status="200"') >= 1);
  t.true(sample(metrics, 'idv_http_request_duration_seconds_count', 'method="POST",route="/webhooks/idp",status="200"') >= 1);
  t.is(sample(metrics, 'idv_webhook_events_total', 'event_type="user.created",outcome="processed"'), 1);
  t.is(sample(metrics, 'idv_webhook_events_total', 'event_type="unknown",outcome="invalid_signature"'), 1);
  t.is(sample(metrics, 'idv_webhook_events_total', 'event_type="unknown",outcome="malformed"'), 1);
  t.is(sample(metrics, 'idv_token_verification_failures_total', 'reason="token-expired"'), 1);
  t.true(sample(metrics, 'idv_jwks_fetches_total', 'outcome="ok"') >= 1);
  t.is(sample(metrics, 'idv_provider_request_duration_seconds_count', 'operation="getUser",outcome="5xx"'), 1);
  t.true(
    sample(metrics, 'idv_db_query_duration_seconds_count', 'statement="callers_find_by_idp_id"') >= 1,
    metrics
      .split('\n')
      .filter((line) => line.startsWith('idv_db_query_duration_seconds_count'))
      .join('\n'),
  );
  t.true(sample(metrics, 'idv_db_pool_connections', 'pool="orm",state="total"') >= 1);
  t.true(Number(/^process_cpu_user_seconds_total (\S+)/m.exec(metrics)?.[1]) > 0);
  t.false(metrics.includes(SIGNED_UP), 'no label carries request data');
});

test('every log line of a request carries its id, and its access line names the route', (t) => {
  const records = t.context.service.logs.records();
  const ofMe = records.filter((record) => record['requestId'] === t.context.meRequestId);
  t.true(ofMe.length >= 1);
  t.like(
    ofMe.find((record) => record['msg'] === 'request'),
    { level: 30, method: 'GET', route: '/users/me', status: 200 },
  );
  const ofDefect = records.filter((record) => record['requestId'] === t.context.defectRequestId).map((record) => record['msg']);
  t.deepEqual(
    ofDefect.filter((msg) => msg === 'captured exception'),
    ['captured exception'],
    'with Sentry on, a defect is still one log line, never two',
  );
  t.true(ofDefect.includes('request'));
  const failed = records.filter((record) => record['msg'] === 'captured exception');
  t.true(failed.every((record) => typeof record['requestId'] === 'string'));
  t.is(records.filter((record) => record['msg'] === 'request failed').length, 0);
});
