import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorClient, type EmulatorClient } from '../../support/e2e-emulator-client.js';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';

/** The emulator and the service, each in its own process, webhooks pointed at the service. */
export interface ProcessPair {
  readonly emulator: EmulatorProcess;
  readonly provider: EmulatorClient;
  /** The temporary directory holding the service's database (and anything else of this pair). */
  readonly workDir: string;
  /** The running service; changes after `restartService`. */
  service(): ServiceProcess;
  /** Stops the service process (SIGTERM); deliveries then fail with connection errors. */
  stopService(): Promise<void>;
  /** Starts the service again on the same port and database. */
  restartService(): Promise<ServiceProcess>;
  /** Stops both processes and removes the temporary directory. */
  close(): Promise<void>;
}

/** Options of `startProcessPair`. */
export interface ProcessPairOptions {
  /** The emulator's retry time scale; default 0.001. */
  readonly timeScale?: number;
  /** Extra settings of the service (e.g. `DATABASE_URL` for PostgreSQL instead of PGlite). */
  readonly serviceEnv?: Readonly<Record<string, string>>;
}

/**
 * Starts the emulator (`--port 0`), then the service (`PORT=0`, a fresh `DATA_DIR`) with the
 * emulator's keys, then points the emulator's webhooks at the service's `/webhooks/idp`.
 */
export const startProcessPair = async (options: ProcessPairOptions = {}): Promise<ProcessPair> => {
  const workDir = mkdtempSync(join(tmpdir(), 'idv-e2e-'));
  const dataDir = join(workDir, 'data');
  let emulator: EmulatorProcess | undefined;
  let service: ServiceProcess | undefined;
  const close = async (): Promise<void> => {
    await service?.process.stop();
    await emulator?.process.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    emulator = await startEmulatorProcess(options.timeScale === undefined ? {} : { timeScale: options.timeScale });
    const provider = emulatorClient(emulator);
    const startService = (port?: number) =>
      startServiceProcess({
        provider: emulator!,
        dataDir,
        ...(port === undefined ? {} : { port }),
        ...(options.serviceEnv === undefined ? {} : { env: options.serviceEnv }),
      });
    service = await startService();
    await provider.setWebhookUrl(`${service.url}/webhooks/idp`);
    const port = service.port;
    return {
      emulator,
      provider,
      workDir,
      service: () => service!,
      stopService: async () => {
        await service?.process.stop();
      },
      restartService: async () => {
        service = await startService(port);
        return service;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
