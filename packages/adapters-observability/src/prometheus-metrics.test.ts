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
