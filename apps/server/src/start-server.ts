import * as E from 'fp-ts/lib/Either.js';
import type { DestinationStream } from 'pino';
import { createPersistence } from '@idv/adapters-persistence';
import { connectRedisStore, MEMORY_STORE } from '@idv/adapters-rate-limit';
import type { SyncSummary, SyncUsersOptions } from '@idv/core';
import type { IdpEmulator } from '@idv/idp-emulator';
import type { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/config-error.js';
import { loadConfig } from './config/load-config.js';
import { buildContainer } from './container/build-container.js';
import { TOKENS } from './container/tokens.js';
import { writeDevIdpFile } from './dev-idp-file.js';
import { listen } from './listen.js';
import { settleReceiptsPeriodically } from './push-receipts.js';
import { createLogger } from './observability/create-logger.js';
import { setUpProvider } from './provider-settings.js';
import { startUserSyncJob } from './sync/user-sync-job.js';

/** A started service. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly config: AppConfig;
  /** The in-process provider emulator (development mode only). */
  readonly emulator?: IdpEmulator;
  /**
   * Reconciles the local users with the provider now (issue #12), as `SYNC_INTERVAL_MINUTES` does
   * periodically; joins a run already in progress.
   */
  syncUsers(options?: Pick<SyncUsersOptions, 'onProgress'>): Promise<SyncSummary>;
  /** Resolves once the work started off the request path so far (notifications, analytics) has finished. */
  settle(): Promise<void>;
  /** Stops accepting requests, lets in-flight ones finish, closes the database and the emulator. */
  close(): Promise<void>;
}

/** Options for embedding the server (tests, tools). */
export interface StartOptions {
  /** Where log lines go; stdout when omitted. */
  readonly logDestination?: DestinationStream;
}

/**
 * Starts the service from environment variables (ARCHITECTURE §6): decodes the configuration,
 * opens the database (migrating when asked), sets up the provider and serves HTTP.
 *
 * @example
 * const server = await startServer({ PORT: '0', DATA_DIR: '/tmp/idv' });
 * await fetch(`${server.url}/health`);
 * await server.close();
 */
export const startServer = async (env: Readonly<Record<string, string | undefined>>, options: StartOptions = {}): Promise<RunningServer> => {
  const decoded = loadConfig(env);
  if (E.isLeft(decoded)) throw new ConfigError(decoded.left);
  const config = decoded.right;
  const logger = createLogger(config.logLevel, options.logDestination);
  const cleanups: (() => Promise<void>)[] = [];
  let closing: Promise<void> | undefined;
  // Once, however often it is called: in start order, stop taking requests first, then the provider, then the database.
  const closeAll = (): Promise<void> =>
    (closing ??= (async () => {
      for (const cleanup of cleanups) await cleanup();
    })());
  try {
    const listener = await listen(config.port);
    cleanups.push(listener.close);
    const provider = await setUpProvider(config, listener.port, logger);
    if (provider.emulator) cleanups.push(provider.emulator.close);
    const persistence = await createPersistence(config.database, {
      onDriverWarning: (message) => logger.warn({ driverMessage: message }, 'database driver warning'),
    });
    cleanups.push(persistence.close);
    if (config.migrateOnStart) await persistence.migrate();
    const { redisUrl, keyPrefix } = config.rateLimits;
    const redis = redisUrl === undefined ? undefined : connectRedisStore({ url: redisUrl, keyPrefix, logger });
    if (redis) cleanups.push(redis.close);
    // Shared budgets from the first request when Redis answers promptly; otherwise start anyway (in memory meanwhile).
    if (redis) await redis.whenReady(2_000);
    const container = buildContainer({ config, logger, persistence, idp: provider.settings, rateLimitStore: redis?.store ?? MEMORY_STORE });
    const analytics = container.get(TOKENS.BackgroundAnalytics);
    cleanups.push(() => analytics.drain());
    const userSync = startUserSyncJob({
      syncUsers: container.get(TOKENS.IdentityArea).syncUsers,
      logger,
      errorTracker: container.get(TOKENS.ErrorTracker),
      ...(config.syncIntervalMinutes === undefined ? {} : { intervalMs: config.syncIntervalMinutes * 60_000 }),
    });
    // First of all at close: a running sync stops after its page, before the database goes.
    cleanups.unshift(userSync.stop);
    const background = container.get(TOKENS.BackgroundWork);
    // Issue #14: push receipts are read periodically once due; devices they report unregistered go.
    // At shutdown the timer stops before the background work drains, so the drain has an end.
    const receipts = settleReceiptsPeriodically(container.get(TOKENS.DevicesArea), background, config.push.receiptDelaySeconds);
    cleanups.push(async () => receipts.stop());
    cleanups.push(() => background.drain());
    const settle = async () => {
      await background.drain();
      await analytics.drain();
    };
    listener.attach(container.get(TOKENS.HttpApp).callback());
    const url = `http://127.0.0.1:${listener.port}`;
    if (provider.emulator) {
      cleanups.push(writeDevIdpFile(config.dataDir, { serviceUrl: url, emulatorUrl: provider.emulator.url, secretKey: provider.emulator.secretKey }));
    }
    logger.info({ url, database: config.database.kind, idp: config.idp.mode, rateLimits: redis ? 'redis' : 'memory', syncIntervalMinutes: config.syncIntervalMinutes ?? null }, 'service listening');
    return { url, port: listener.port, config, ...(provider.emulator ? { emulator: provider.emulator } : {}), syncUsers: userSync.runNow, settle, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
};
