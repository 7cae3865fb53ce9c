import { decodeJwt } from 'jose';
import { saveE2eState, type E2eState, type StorageState } from './e2e-state.js';
import { signInAtProvider } from './sign-in.js';

/** The spec's limit "End-to-end sign-in setup wait: 180 seconds". */
export const SIGN_IN_DEADLINE_MS = 180_000;

/** What the once-per-run setup needs. */
export interface SetUpE2eOptions {
  readonly providerUrl: string;
  readonly serviceUrl: string;
  /** The emulator admin key the specs use to mint fresh tokens from the saved session. */
  readonly secretKey: string;
  readonly stateFile: string;
  /** Where `E2E_IDP_USER_*` are read; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Default `SIGN_IN_DEADLINE_MS`. */
  readonly signInDeadlineMs?: number;
}

const required = (env: Readonly<Record<string, string | undefined>>, name: string): string => {
  const value = env[name];
  if (value === undefined || value.trim() === '') throw new Error(`${name} env var is required`);
  return value;
};

const storageStateOf = (options: SetUpE2eOptions, sessionId: string, jwt: string): StorageState => {
  const { iat, exp } = decodeJwt(jwt);
  const domain = new URL(options.serviceUrl).hostname;
  const cookie = { domain, path: '/', httpOnly: false, secure: false, sameSite: 'Lax' as const };
  return {
    cookies: [
      { ...cookie, name: '__session', value: jwt, expires: exp ?? -1 },
      { ...cookie, name: '__client_uat', value: String(iat ?? 0), expires: -1 },
    ],
    origins: [{ origin: options.serviceUrl, localStorage: [{ name: 'idp:session_id', value: sessionId }] }],
  };
};

/**
 * Playwright-style global setup: requires `E2E_IDP_USER_EMAIL` and `E2E_IDP_USER_PASSWORD`, signs in
 * once at the provider within the deadline, and saves the session (cookies and local storage) to
 * `stateFile` for every spec to reuse.
 *
 * @example
 * const state = await setUpE2e({ providerUrl, serviceUrl, secretKey, stateFile: '/tmp/e2e/state.json' });
 */
export const setUpE2e = async (options: SetUpE2eOptions): Promise<E2eState> => {
  const env = options.env ?? process.env;
  const email = required(env, 'E2E_IDP_USER_EMAIL');
  const password = required(env, 'E2E_IDP_USER_PASSWORD');
  const signedIn = await signInAtProvider({
    providerUrl: options.providerUrl,
    identifier: email,
    password,
    deadlineMs: options.signInDeadlineMs ?? SIGN_IN_DEADLINE_MS,
  });
  const expectedId = env['E2E_IDP_USER_ID'];
  if (expectedId !== undefined && expectedId !== '' && expectedId !== signedIn.userId) {
    throw new Error(`E2E sign-in returned user ${signedIn.userId}, but E2E_IDP_USER_ID is ${expectedId}`);
  }
  const state: E2eState = {
    version: 1,
    providerUrl: options.providerUrl,
    secretKey: options.secretKey,
    serviceUrl: options.serviceUrl,
    sessionId: signedIn.sessionId,
    userId: signedIn.userId,
    email: email.trim().toLowerCase(),
    storageState: storageStateOf(options, signedIn.sessionId, signedIn.jwt),
  };
  saveE2eState(options.stateFile, state);
  return state;
};
