import * as E from 'fp-ts/lib/Either.js';
import type { DestinationStream } from 'pino';
import type { Clock, SweepReport, SyncSummary, SyncUsersOptions } from '@idv/core';
import { createMetricsApp } from '@idv/adapters-http';
import { RequestScopes } from '@idv/adapters-observability';
import { connectRedisStore, MEMORY_STORE } from '@idv/adapters-rate-limit';
import type { IdpEmulator } from '@idv/idp-emulator';
import type { PaymentsEmulator } from '@idv/payments-emulator';
import type { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/config-error.js';
import { loadConfig } from './config/load-config.js';
import { buildContainer } from './container/build-container.js';
import { TOKENS } from './container/tokens.js';
import { writeDevIdpFile } from './dev-idp-file.js';
import { listen } from './listen.js';
import { migrateDatabase, openDatabase, openJobs } from './open-database.js';
import { startJobRuntime } from './jobs/job-runtime.js';
import { createLogger } from './observability/create-logger.js';
import { createObservability } from './observability/observability.js';
import { setUpPayments } from './payments/payments-setup.js';
import { setUpProvider } from './provider-settings.js';
import { announceWebhookSecretsKey } from './webhooks/secrets-key-notice.js';

/** A started service. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly config: AppConfig;
  /** `http://127.0.0.1:<METRICS_PORT>/metrics` when metrics have a port of their own. */
  readonly metricsUrl?: string;
  /** The in-process provider emulator (development mode only). */
  readonly emulator?: IdpEmulator;
  /**
   * Reconciles the local users with the provider now, as `SYNC_INTERVAL_MINUTES` does periodically;
   * joins a run already in progress.
   */
  syncUsers(options?: Pick<SyncUsersOptions, 'onProgress'>): Promise<SyncSummary>;
  /**
   * Resolves once the work started off the request path so far has finished: no job due or running
   * on the queue (notifications and the other follow-ups), then the in-process background work (analytics).
   */
  settle(): Promise<void>;
  /** The in-process payments emulator (development without `PAYMENTS_PROVIDERS` only). */
  readonly paymentsEmulator?: PaymentsEmulator;
  /** Runs one payment sweep now, as the background sweeper does every `PAYMENT_SWEEP_INTERVAL_SECONDS` (tools, tests). */
  sweepPayments(): Promise<SweepReport>;
  /**
   * Stops the areas' background jobs (the payment sweeper, the user sync) and
   * accepting requests, lets in-flight ones finish (their webhook work with them), drains the
   * background work (notifications, analytics) and flushes the vendors' queues, then closes the
   * metrics port, the emulators, the database and Redis.
   */
  close(): Promise<void>;
}

/** Options for embedding the server (tests, tools). */
export interface StartOptions {
  /** Where log lines go; stdout when omitted. */
  readonly logDestination?: DestinationStream;
  /** The use cases' clock, and the incidents' summary window's; the system's when omitted (tests move their own to reach a payment's expiry). */
  readonly clock?: Clock;
}

/**
 * Starts the service from environment variables (ARCHITECTURE §6): decodes the configuration,
 * opens the database (migrating when asked), sets up the provider and the payment providers, serves
 * HTTP and runs the areas' background jobs.
 *
 * @example
 * const server = await startServer({ PORT: '0', DATA_DIR: '/tmp/idv' });
 * await fetch(`${server.url}/health`);
 * await server.close();
 */
export const startServer = async (
  env: Readonly<Record<string, string | undefined>>,
  options: StartOptions = {},
): Promise<RunningServer> => {
  const decoded = loadConfig(env);
  if (E.isLeft(decoded)) throw new ConfigError(decoded.left);
  const decodedConfig = decoded.right;
  const scopes = new RequestScopes();
  const logger = createLogger(decodedConfig.logLevel, options.logDestination, scopes);
  announceWebhookSecretsKey(decodedConfig.webhooks, logger);
  const { clock } = options;
  // The incidents' summary window runs on the same clock as the use cases (tests move it).
  const observability = createObservability(
    decodedConfig.observability,
    logger,
    scopes,
    clock === undefined ? Date.now : () => clock.now().getTime(),
  );
  const { shutdownGraceMs } = decodedConfig.observability;
  let closing: Promise<void> | undefined;
  // Once, however often it is called. Work first (the jobs, the requests in flight, the background
  // work), then the vendors' queues, then the resources in start order: the database pool closes
  // only once nothing can use it.
  const draining: (() => Promise<void>)[] = [];
  const releasing: (() => Promise<void>)[] = [];
  const closeAll = (): Promise<void> =>
    (closing ??= (async () => {
      for (const step of [...draining, () => observability.flush(shutdownGraceMs), ...releasing]) await step();
    })());
  try {
    const listener = await listen(decodedConfig.port);
    draining.push(() => listener.close(shutdownGraceMs));
    const url = `http://127.0.0.1:${listener.port}`;
    const metrics = observability.metrics;
    const metricsPort = decodedConfig.observability.metrics.port;
    const metricsListener = metrics === undefined || metricsPort === undefined ? undefined : await listen(metricsPort);
    if (metricsListener !== undefined && metrics !== undefined) {
      metricsListener.attach(createMetricsApp({ scrape: () => metrics.scrape() }).callback());
      releasing.push(() => metricsListener.close(shutdownGraceMs));
    }
    const provider = await setUpProvider(decodedConfig, listener.port, logger);
    if (provider.emulator) releasing.push(provider.emulator.close);
    const paymentsSetup = await setUpPayments(decodedConfig.payments, url, logger);
    if (paymentsSetup.emulator) releasing.push(paymentsSetup.emulator.close);
    const config: AppConfig = { ...decodedConfig, payments: paymentsSetup.payments };
    const persistence = await openDatabase(config.database, {
      onDriverWarning: (message) => logger.warn({ driverMessage: message }, 'database driver warning'),
      ...(metrics === undefined ? {} : { onQuery: (statement: string, seconds: number) => metrics.query(statement, seconds) }),
      // The database answered: a database incident, if one is open, is over (one line).
      onAnswered: () => observability.incidents.answered('database-unavailable'),
      // Open transactions ride in the request scopes' AsyncLocalStorage: one enabled instance, not two.
      transactionSlot: () => scopes.slot(),
    });
    releasing.push(persistence.close);
    metrics?.observePools(() => persistence.poolStats());
    if (config.migrateOnStart) await migrateDatabase(persistence, config.database);
    // Never changes the schema: without `pgboss` installed and current, start-up stops here (one line).
    const jobs = await openJobs(persistence, config.jobs, logger);
    releasing.unshift(jobs.stop);
    const { redisUrl, keyPrefix } = config.rateLimits;
    const redis = redisUrl === undefined ? undefined : connectRedisStore({ url: redisUrl, keyPrefix, logger });
    if (redis) releasing.push(redis.close);
    // Shared budgets from the first request when Redis answers promptly; otherwise start anyway (in memory meanwhile).
    if (redis) await redis.whenReady(2_000);
    const container = buildContainer({
      config,
      logger,
      persistence,
      jobs,
      idp: provider.settings,
      observability,
      rateLimitStore: redis?.store ?? MEMORY_STORE,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
    // First at close: no on-demand run may still take a step once the database closes.
    for (const job of container.getAll(TOKENS.BackgroundJobs)) draining.unshift(job.stop);
    // Every area's job handlers, one worker set per queue. They stop taking jobs first at close,
    // beside the requests in flight, and both get the grace period; running jobs then finish or
    // go back to the queue, and pg-boss stops before the database closes.
    const jobRuntime = await startJobRuntime({ jobs, container, config, logger, metrics });
    let workersStopped: Promise<void> = Promise.resolve();
    draining.unshift(async () => {
      workersStopped = jobRuntime.stop(shutdownGraceMs / 1000);
    });
    const background = container.get(TOKENS.BackgroundWork);
    draining.push(() => workersStopped);
    draining.push(() => background.drain());
    const settle = async () => {
      await jobRuntime.settled();
      await background.drain();
      await observability.analytics.drain();
    };
    listener.attach(container.get(TOKENS.HttpApp).callback());
    if (provider.emulator) {
      releasing.push(
        writeDevIdpFile(config.dataDir, {
          serviceUrl: url,
          emulatorUrl: provider.emulator.url,
          secretKey: provider.emulator.secretKey,
          ...(paymentsSetup.emulator ? { paymentsEmulatorUrl: paymentsSetup.emulator.url } : {}),
        }),
      );
    }
    const metricsUrl = metricsListener === undefined ? undefined : `http://127.0.0.1:${metricsListener.port}/metrics`;
    logger.info(
      {
        url,
        database: config.database.kind,
        idp: config.idp.mode,
        rateLimits: redis ? 'redis' : 'memory',
        syncIntervalMinutes: config.syncIntervalMinutes ?? null,
        payments: paymentsSetup.emulator ? 'emulated' : config.payments.enabledProviders,
        errorTracking: config.observability.sentry === undefined ? 'log' : 'sentry',
        analytics: config.observability.posthog === undefined ? 'log' : 'posthog',
        metrics: metrics === undefined ? 'off' : (metricsUrl ?? 'token'),
      },
      'service listening',
    );
    return {
      url,
      port: listener.port,
      config,
      ...(metricsUrl === undefined ? {} : { metricsUrl }),
      ...(provider.emulator ? { emulator: provider.emulator } : {}),
      ...(paymentsSetup.emulator ? { paymentsEmulator: paymentsSetup.emulator } : {}),
      syncUsers: container.get(TOKENS.UserSyncJob).runNow,
      sweepPayments: () => container.get(TOKENS.PaymentSweepJob).runNow(),
      settle,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
