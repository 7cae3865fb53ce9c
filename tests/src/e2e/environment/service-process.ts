import { ENTRY_POINTS } from './repo-paths.js';
import { startNodeProcess, type NodeProcess } from './node-process.js';
import { GENEROUS_PURCHASE_BUDGETS } from '../../support/generous-purchase-budgets.js';

/** The service running as its own process. */
export interface ServiceProcess {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: NodeProcess;
}

/** What the service is started with. */
export interface ServiceProcessOptions {
  readonly provider: { readonly url: string; readonly secretKey: string; readonly publishableKey: string; readonly webhookSecret: string };
  /** Its embedded PGlite database directory (reused on restart). */
  readonly dataDir: string;
  /** 0 (default) picks a free port; a restart passes the previous one. */
  readonly port?: number;
  /** Settings that win over the defaults above (`DATABASE_URL`, `LOG_LEVEL`, limits, `REDIS_URL`, `TEST_AUTH_BYPASS`). */
  readonly env?: Readonly<Record<string, string>>;
}

// Inherited settings that would point the service elsewhere (another database, provider, Redis, mode
// or a real error-tracking or analytics vendor).
const SERVICE_VARIABLES =
  /^(IDP_|DATABASE_URL$|DATA_DIR$|PORT$|NODE_ENV$|TEST_AUTH_BYPASS$|MIGRATE_ON_START$|LOG_LEVEL$|E2E_|REDIS_|SENTRY_|POSTHOG_|METRICS_|CORS_ORIGINS$)/;

const listeningUrl = (line: string): string | undefined => {
  if (!line.startsWith('{')) return undefined;
  try {
    const record = JSON.parse(line) as { msg?: unknown; url?: unknown };
    return record.msg === 'service listening' && typeof record.url === 'string' ? record.url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Runs `node apps/server/dist/main.js` against the provider (`NODE_ENV=test`, `TEST_AUTH_BYPASS=true`)
 * and resolves when it logs `service listening`.
 */
export const startServiceProcess = async (options: ServiceProcessOptions): Promise<ServiceProcess> => {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVICE_VARIABLES.test(name)));
  const env = {
    ...inherited,
    NODE_ENV: 'test',
    PORT: String(options.port ?? 0),
    TEST_AUTH_BYPASS: 'true',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'info',
    IDP_API_URL: options.provider.url,
    IDP_SECRET_KEY: options.provider.secretKey,
    IDP_PUBLISHABLE_KEY: options.provider.publishableKey,
    IDP_WEBHOOK_SECRET: options.provider.webhookSecret,
    ...GENEROUS_PURCHASE_BUDGETS,
    ...options.env,
  };
  const { process: child, ready: url } = await startNodeProcess({
    name: 'service',
    args: [ENTRY_POINTS.service],
    env,
    ready: listeningUrl,
  });
  return { url, port: Number(new URL(url).port), dataDir: options.dataDir, process: child };
};
