import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startObservabilityStandIns, type ObservabilityReport } from './observability-check.js';
import { setUpE2e, type SetUpE2eOptions } from './set-up-e2e.js';
import { startProcessPair } from './process-pair.js';

/** The running end-to-end environment the test runner starts before ava and stops after it. */
export interface E2eEnvironment {
  /** The saved session state; the runner passes its path to ava as `E2E_STATE_FILE`. */
  readonly stateFile: string;
  readonly serviceUrl: string;
  readonly providerUrl: string;
  /** Stops both processes and removes the temporary files; safe to call twice. */
  stop(): Promise<void>;
  /**
   * After the whole suite: scrapes the service's `/metrics`, stops the environment
   * (the service's shutdown flushes Sentry and PostHog), then checks what their stand-ins received.
   */
  finish(): Promise<ObservabilityReport>;
}

/** Options of `startE2eEnvironment`. */
export interface StartE2eEnvironmentOptions {
  /** Where `E2E_IDP_USER_*` come from; default `process.env` (never modified). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signInDeadlineMs?: SetUpE2eOptions['signInDeadlineMs'];
}

/**
 * The once-per-run global setup: starts the emulator and the service as processes, seeds the E2E
 * user at the emulator (its email and password default when `E2E_IDP_USER_EMAIL`/`_PASSWORD` are not
 * given), waits for its `user.created` delivery, then signs in and saves the state file.
 *
 * @example
 * const environment = await startE2eEnvironment();
 * // run the specs with E2E_STATE_FILE=environment.stateFile, then:
 * await environment.stop();
 */
export const startE2eEnvironment = async (options: StartE2eEnvironmentOptions = {}): Promise<E2eEnvironment> => {
  const vendors = await startObservabilityStandIns();
  let pair: Awaited<ReturnType<typeof startProcessPair>>;
  try {
    pair = await startProcessPair({ serviceEnv: vendors.env });
  } catch (error) {
    await vendors.close();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= pair.close().finally(() => vendors.close()));
  try {
    const env = options.env ?? process.env;
    const email = env['E2E_IDP_USER_EMAIL'] || 'e2e-user@example.com';
    const password = env['E2E_IDP_USER_PASSWORD'] || randomBytes(18).toString('base64url');
    const seeded = await pair.provider.createUser(email, { password, first_name: 'E2E', last_name: 'User' });
    // The shared user should come from the webhook, so that specs see the normal path.
    await pair.provider.waitSettled();
    const stateFile = join(pair.workDir, 'e2e-state.json');
    const state = await setUpE2e({
      providerUrl: pair.emulator.url,
      serviceUrl: pair.service().url,
      secretKey: pair.emulator.secretKey,
      stateFile,
      env: { ...env, E2E_IDP_USER_EMAIL: email, E2E_IDP_USER_PASSWORD: password, E2E_IDP_USER_ID: seeded.id },
      ...(options.signInDeadlineMs === undefined ? {} : { signInDeadlineMs: options.signInDeadlineMs }),
    });
    const finish = async (): Promise<ObservabilityReport> => {
      const metrics = await vendors.scrape(state.serviceUrl);
      await pair.stopService();
      const report = vendors.check(metrics, {
        signedUpUserId: seeded.id,
        secrets: [pair.emulator.secretKey, pair.emulator.webhookSecret, password],
      });
      await stop();
      return report;
    };
    return { stateFile, serviceUrl: state.serviceUrl, providerUrl: state.providerUrl, stop, finish };
  } catch (error) {
    await stop();
    throw error;
  }
};
