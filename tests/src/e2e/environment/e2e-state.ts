import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A browser cookie, as a Playwright storage state records it. */
export interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly domain: string;
  readonly path: string;
  /** Unix seconds; -1 for a session cookie. */
  readonly expires: number;
  readonly httpOnly: boolean;
  readonly secure: boolean;
  readonly sameSite: 'Lax' | 'Strict' | 'None';
}

/** Cookies and local storage of the signed-in client (Playwright's `storageState` shape). */
export interface StorageState {
  readonly cookies: readonly StoredCookie[];
  readonly origins: ReadonlyArray<{
    readonly origin: string;
    readonly localStorage: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  }>;
}

/** What the end-to-end setup saves once per run and every spec reuses. */
export interface E2eState {
  readonly version: 1;
  /** The provider (emulator) base URL: sign-in, admin API, control API. */
  readonly providerUrl: string;
  /** The emulator's admin key, for minting fresh tokens from the saved session (an ephemeral test key). */
  readonly secretKey: string;
  readonly serviceUrl: string;
  readonly sessionId: string;
  readonly userId: string;
  readonly email: string;
  readonly storageState: StorageState;
}

/** The variable that carries the state file's path from the test runner to the specs. */
export const E2E_STATE_FILE_VARIABLE = 'E2E_STATE_FILE';

/** Set by the test runner, with the reason, when the environment could not be started. */
export const E2E_SETUP_FAILED_VARIABLE = 'E2E_SETUP_FAILED';

/** Writes the state file (owner-only: it holds a session and the emulator key). */
export const saveE2eState = (path: string, state: E2eState): void => {
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
};

const isState = (value: unknown): value is E2eState => {
  const state = value as Partial<E2eState> | null;
  return (
    state?.version === 1 &&
    [state.providerUrl, state.secretKey, state.serviceUrl, state.sessionId, state.userId, state.email].every(
      (field) => typeof field === 'string',
    ) &&
    Array.isArray(state.storageState?.cookies)
  );
};

/**
 * Reads the state saved by the end-to-end setup from the file named by `E2E_STATE_FILE`. Throws a
 * message saying how to run the specs when there is none: they fail, never skip.
 */
export const loadE2eState = (env: Readonly<Record<string, string | undefined>> = process.env): E2eState => {
  const path = env[E2E_STATE_FILE_VARIABLE];
  const setupFailure = env[E2E_SETUP_FAILED_VARIABLE];
  if (setupFailure !== undefined && setupFailure !== '') throw new Error(`the e2e environment failed to start: ${setupFailure}`);
  if (path === undefined || path === '') {
    throw new Error(`${E2E_STATE_FILE_VARIABLE} is not set: run through npm test, which starts the e2e environment`);
  }
  if (!existsSync(path))
    throw new Error(`the e2e state file ${path} does not exist: run through npm test, which starts the e2e environment`);
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isState(parsed)) throw new Error(`the e2e state file ${path} is not a version 1 state file`);
  return parsed;
};
