import test from 'ava';
import { createPrometheusMetrics } from './prometheus-metrics.js';

const sample = (text: string, name: string, labels: string): number => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}}`));
  return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
};

test('every family is recorded under its closed labels and rendered as Prometheus text', async (t) => {
  const metrics = createPrometheusMetrics();
  const me = metrics.http.route('GET', '/users/me');
  me.observe(200, 0.004);
  me.observe(200, 0.006);
  me.observe(401, 0.001);
  metrics.http.tokenFailure('token-expired');
  metrics.webhooks.delivery('user.created', 'processed');
  metrics.jwksFetch('ok');
  metrics.providerCall('getUser', '2xx', 0.02);
  metrics.query('users.findByIdpId', 0.0008);
  metrics.observePools(() => [{ pool: 'prepared', total: 3, idle: 2, waiting: 1 }]);
  const { contentType, body } = await metrics.scrape();
  t.regex(contentType, /^text\/plain/);
  t.is(sample(body, 'idv_http_request_duration_seconds_count', 'method="GET",route="/users/me",status="200"'), 2);
  t.is(sample(body, 'idv_http_request_duration_seconds_count', 'method="GET",route="/users/me",status="401"'), 1);
  t.is(sample(body, 'idv_token_verification_failures_total', 'reason="token-expired"'), 1);
  t.is(sample(body, 'idv_webhook_events_total', 'event_type="user.created",outcome="processed"'), 1);
  t.is(sample(body, 'idv_jwks_fetches_total', 'outcome="ok"'), 1);
  t.is(sample(body, 'idv_provider_request_duration_seconds_count', 'operation="getUser",outcome="2xx"'), 1);
  t.is(sample(body, 'idv_db_query_duration_seconds_count', 'statement="users.findByIdpId"'), 1);
  t.is(sample(body, 'idv_db_pool_connections', 'pool="prepared",state="total"'), 3);
  t.is(sample(body, 'idv_db_pool_connections', 'pool="prepared",state="idle"'), 2);
  t.is(sample(body, 'idv_db_pool_waiting_clients', 'pool="prepared"'), 1);
  t.regex(body, /^process_cpu_user_seconds_total \d/m);
});

test('two registries never share their counts (several servers in one process)', async (t) => {
  const first = createPrometheusMetrics();
  const second = createPrometheusMetrics();
  first.webhooks.delivery('user.created', 'processed');
  t.is(sample((await second.scrape()).body, 'idv_webhook_events_total', 'event_type="user.created",outcome="processed"'), Number.NaN);
});

test('the job families: gauges read from the queue at each scrape, failures counted by queue', async (t) => {
  const metrics = createPrometheusMetrics();
  let waiting = 3;
  metrics.observeJobs(async () => [{ queue: 'invitations.notify-invitee', waiting, active: 1, dead: 2, oldestWaitingSeconds: 42.5 }]);
  metrics.jobFailure('invitations.notify-invitee');
  metrics.jobFailure('invitations.notify-invitee');
  const first = (await metrics.scrape()).body;
  t.is(sample(first, 'idv_job_queue_depth', 'queue="invitations.notify-invitee"'), 3);
  t.is(sample(first, 'idv_job_active', 'queue="invitations.notify-invitee"'), 1);
  t.is(sample(first, 'idv_job_dead', 'queue="invitations.notify-invitee"'), 2);
  t.is(sample(first, 'idv_job_oldest_waiting_seconds', 'queue="invitations.notify-invitee"'), 42.5);
  t.is(sample(first, 'idv_job_failures_total', 'queue="invitations.notify-invitee"'), 2);
  waiting = 0;
  t.is(
    sample((await metrics.scrape()).body, 'idv_job_queue_depth', 'queue="invitations.notify-invitee"'),
    0,
    'read again at the next scrape',
  );
});

test('a job queue that cannot be read (database down) leaves the job gauges out of the scrape, never failing it', async (t) => {
  const metrics = createPrometheusMetrics();
  metrics.observeJobs(() => Promise.reject(new Error('database down')));
  const { body } = await metrics.scrape();
  t.false(body.includes('idv_job_queue_depth{'));
  t.true(body.includes('# TYPE idv_job_queue_depth gauge'));
});
