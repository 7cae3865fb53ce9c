import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type StartOptions } from '@idv/server';
import { LogCapture } from './log-capture.js';
import type { TestProvider } from './test-provider.js';

/** The real server on an ephemeral port, wired to a test provider, with its logs captured. */
export interface ServiceUnderTest {
  readonly server: RunningServer;
  readonly url: string;
  readonly logs: LogCapture;
  readonly dataDir: string;
  close(): Promise<void>;
}

/** Environment pointing the service at `provider`; `overrides` win. */
export const providerEnv = (
  provider: Pick<TestProvider, 'url' | 'secretKey' | 'publishableKey' | 'webhookSecret'>,
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  NODE_ENV: 'test',
  PORT: '0',
  LOG_LEVEL: 'debug',
  IDP_API_URL: provider.url,
  IDP_SECRET_KEY: provider.secretKey,
  IDP_PUBLISHABLE_KEY: provider.publishableKey,
  IDP_WEBHOOK_SECRET: provider.webhookSecret,
  ...overrides,
});

/** Starts the service on embedded PGlite in a fresh temporary directory (or `TEST_DATABASE_URL` when asked). */
export const startServiceUnderTest = async (
  env: Record<string, string>,
  options: Omit<StartOptions, 'logDestination'> = {},
): Promise<ServiceUnderTest> => {
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'idv-test-'));
  const logs = new LogCapture();
  const server = await startServer({ DATA_DIR: dataDir, ...env }, { ...options, logDestination: logs });
  return {
    server,
    url: server.url,
    logs,
    dataDir,
    close: async () => {
      await server.close();
      if (env['DATA_DIR'] === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
