import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';
import type { WebhookMetrics } from '@idv/core';

/** A connection pool's counts at one moment (as the persistence adapter reports them). */
export interface PoolCounts {
  readonly pool: string;
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/** Records the requests of one route. */
export interface RouteRecorder {
  observe(status: number, seconds: number): void;
}

/** The metric families of the service, each fed by one adapter edge, and the Prometheus text of them all. */
export interface PrometheusMetrics {
  /** For the HTTP app: one recorder per route pattern, and token failures by reason. */
  readonly http: {
    route(method: string, pattern: string): RouteRecorder;
    tokenFailure(reason: string): void;
  };
  /** For the webhook use case: deliveries by event type and outcome. */
  readonly webhooks: WebhookMetrics;
  /** For the token verifier: every fetch of the provider's key set. */
  jwksFetch(outcome: string): void;
  /** For the provider admin client: every call, by operation and outcome, with its latency. */
  providerCall(operation: string, outcome: string, seconds: number): void;
  /** For the repositories: every statement's latency, by its name. */
  query(statementName: string, seconds: number): void;
  /** Reads the database pools' counts at each scrape (nothing is recorded in between). */
  observePools(read: () => readonly PoolCounts[]): void;
  /** Reads the job queue's counts per queue at each scrape (`idv_job_*` gauges). */
  observeJobs(read: () => Promise<readonly JobQueueCounts[]>): void;
  /** For the job workers: one failed attempt of a job of `queue`. */
  jobFailure(queue: string): void;
  /** The Prometheus text exposition of every metric. */
  scrape(): Promise<{ readonly contentType: string; readonly body: string }>;
}

/** One job queue's counts at a scrape. */
export interface JobQueueCounts {
  readonly queue: string;
  /** Due and waiting for a worker. */
  readonly waiting: number;
  readonly active: number;
  /** Failed after their last retry. */
  readonly dead: number;
  /** Age of the oldest due job still waiting, in seconds. */
  readonly oldestWaitingSeconds: number;
}

// Required when metrics are created, never at import: a service without `/metrics` never holds
// prom-client (nor the OpenTelemetry API it loads) in memory (peak RSS).
const requireClient = createRequire(import.meta.url);

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** A per-key cache of a metric's labelled children: the hot path does one Map lookup, no allocation. */
const cached = <K, V>(make: (key: K) => V): ((key: K) => V) => {
  const children = new Map<K, V>();
  return (key) => {
    let child = children.get(key);
    if (child === undefined) {
      child = make(key);
      children.set(key, child);
    }
    return child;
  };
};

/** The same for children labelled by two values (nested maps: no key string is built per call). */
const cached2 = <A, B, V>(make: (a: A, b: B) => V): ((a: A, b: B) => V) => {
  const outer = cached((a: A) => cached((b: B) => make(a, b)));
  return (a, b) => outer(a)(b);
};

/**
 * The service's Prometheus metrics, in a registry of their own (several servers in one
 * test process never mix): HTTP latency by method, route pattern and status; webhook deliveries
 * by event type and outcome; token verification failures by reason; JWKS fetches; provider admin
 * calls; database statement latency and pool counts; Node's process metrics. Labels come from
 * closed sets (router patterns, statement names, reasons), never from request data.
 *
 * @example
 * const metrics = createPrometheusMetrics();
 * const recorder = metrics.http.route('GET', '/users/me');
 * recorder.observe(200, 0.004);
 * const { contentType, body } = await metrics.scrape();
 */
export const createPrometheusMetrics = (): PrometheusMetrics => {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = requireClient('prom-client') as typeof PromClient;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'idv_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their latency (the _count is the request counter)',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const tokenFailures = new Counter({
    name: 'idv_token_verification_failures_total',
    help: 'Bearer requests refused by authentication, by reason (token-expired, token-invalid-signature, missing-bearer, jwks-unavailable, …)',
    labelNames: ['reason'],
    registers: [registry],
  });
  const webhookEvents = new Counter({
    name: 'idv_webhook_events_total',
    help: 'Provider webhook deliveries by event type and outcome',
    labelNames: ['event_type', 'outcome'],
    registers: [registry],
  });
  const jwksFetches = new Counter({
    name: 'idv_jwks_fetches_total',
    help: 'Fetches of the provider key set (JWKS), by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const providerCalls = new Histogram({
    name: 'idv_provider_request_duration_seconds',
    help: 'Provider admin API calls by operation and outcome (status class, timeout, network), with their latency',
    labelNames: ['operation', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'idv_db_query_duration_seconds',
    help: 'Database statements of the repositories by statement name, with their latency',
    labelNames: ['statement'],
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  let readPools: () => readonly PoolCounts[] = () => [];
  new Gauge({
    name: 'idv_db_pool_connections',
    help: 'Database pool connections by pool and state (total, idle), read at scrape time',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const counts of readPools()) {
        this.set({ pool: counts.pool, state: 'total' }, counts.total);
        this.set({ pool: counts.pool, state: 'idle' }, counts.idle);
      }
    },
  });
  new Gauge({
    name: 'idv_db_pool_waiting_clients',
    help: 'Callers waiting for a database connection, by pool, read at scrape time',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const counts of readPools()) this.set({ pool: counts.pool }, counts.waiting);
    },
  });

  let readJobs: () => Promise<readonly JobQueueCounts[]> = async () => [];
  const jobGauge = (name: string, help: string, value: (counts: JobQueueCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        // A scrape during a database outage shows no job gauges rather than failing.
        const counts = await readJobs().catch(() => []);
        for (const queue of counts) this.set({ queue: queue.queue }, value(queue));
      },
    });
  jobGauge('idv_job_queue_depth', 'Jobs due and waiting for a worker, by queue, read at scrape time', (counts) => counts.waiting);
  jobGauge('idv_job_active', 'Jobs running, by queue, read at scrape time', (counts) => counts.active);
  jobGauge('idv_job_dead', 'Dead jobs (failed after their last retry), by queue, read at scrape time', (counts) => counts.dead);
  jobGauge(
    'idv_job_oldest_waiting_seconds',
    'Age of the oldest due job still waiting, by queue, read at scrape time',
    (counts) => counts.oldestWaitingSeconds,
  );
  const jobFailures = new Counter({
    name: 'idv_job_failures_total',
    help: 'Failed job attempts (each retry counts), by queue',
    labelNames: ['queue'],
    registers: [registry],
  });
  const jobFailure = cached((queue: string) => jobFailures.labels(queue));

  const tokenFailure = cached((reason: string) => tokenFailures.labels(reason));
  const webhookEvent = cached2((eventType: string, outcome: string) => webhookEvents.labels(eventType, outcome));
  const jwksFetch = cached((outcome: string) => jwksFetches.labels(outcome));
  const providerCall = cached2((operation: string, outcome: string) => providerCalls.labels(operation, outcome));
  const query = cached((statement: string) => queries.labels(statement));

  return {
    http: {
      route: (method, pattern) => {
        const byStatus = cached((status: number) => requests.labels(method, pattern, String(status)));
        return { observe: (status, seconds) => byStatus(status).observe(seconds) };
      },
      tokenFailure: (reason) => tokenFailure(reason).inc(),
    },
    webhooks: { delivery: (eventType, outcome) => webhookEvent(eventType, outcome).inc() },
    jwksFetch: (outcome) => jwksFetch(outcome).inc(),
    providerCall: (operation, outcome, seconds) => providerCall(operation, outcome).observe(seconds),
    query: (statementName, seconds) => query(statementName).observe(seconds),
    observePools: (read) => {
      readPools = read;
    },
    observeJobs: (read) => {
      readJobs = read;
    },
    jobFailure: (queue) => jobFailure(queue).inc(),
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
};
