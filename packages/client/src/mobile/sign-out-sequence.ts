import type { ApiClientConfig, RawRequest } from '../api/api-client.js';

/** How the sign-out revokes this device's push registration (best effort, bounded by `revokeTimeoutMs`). */
export type PushTokenRevoke =
  | {
      /**
       * This installation's id, as registered with `PUT /users/me/devices/:installationId`: the
       * revoke is `DELETE /users/me/devices/:installationId` with the last session token (the default).
       */
      readonly installationId: string;
      readonly revokePushToken?: undefined;
    }
  | {
      /** A revoke of the app's own instead of the default. */
      revokePushToken(request: RawRequest): Promise<void>;
      readonly installationId?: undefined;
    };

/** The path the default revoke deletes: `/users/me/devices/:installationId` (the id percent-encoded). */
export const devicePath = (installationId: string): string => `/users/me/devices/${encodeURIComponent(installationId)}`;

/**
 * The default revoke: `DELETE /users/me/devices/:installationId`; anything but a 2xx answer (a 401
 * on the second-401 path, say) is a failure, which the sequence reports and goes past.
 */
export const revokeDevice =
  (installationId: string) =>
  async (request: RawRequest): Promise<void> => {
    const response = await request(devicePath(installationId), { method: 'DELETE' });
    if (!response.ok) throw new Error(`device revoke answered ${response.status}`);
  };

/** The steps of the mobile sign-out, in the order they run. */
export type SignOutSteps = PushTokenRevoke & {
  /** Clears the session on the device: memory cache, secure storage, app state. */
  clearLocalSession(): Promise<void>;
  /** The provider's `signOut()`. */
  idpSignOut(): Promise<void>;
  /** Sends the user to the mobile sign-in screen. */
  navigateToSignIn(): void;
  /** Default 3 000 ms. */
  readonly revokeTimeoutMs?: number;
  /** Where a failed step is reported (the sequence goes on); default `console.warn`. */
  readonly report?: (step: SignOutStep, error: unknown) => void;
};

/** A step's name, as reported. */
export type SignOutStep = 'revokePushToken' | 'clearLocalSession' | 'idpSignOut' | 'navigateToSignIn';

class RevokeTimeout extends Error {
  constructor(ms: number) {
    super(`push-token revoke did not answer within ${ms} ms`);
    this.name = 'RevokeTimeout';
  }
}

const withTimeout = async (work: Promise<void>, ms: number): Promise<void> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RevokeTimeout(ms)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The spec's ordered sign-out, as the API client's `onSignOut`: revoke the device push token
 * (before the session is cleared, so the revoke can still authenticate), clear the local session,
 * sign out at the provider, navigate to sign-in. The revoke is `DELETE
 * /users/me/devices/:installationId` unless the app brings its own. A failed or hung step is
 * reported once and the next one still runs. Single-flight: a call while one runs gets the same promise.
 *
 * @example
 * const onSignOut = createSignOutSequence({
 *   installationId: Application.getAndroidId() ?? installationIdFromStorage,
 *   clearLocalSession: () => tokenCache.clearToken('__client'), idpSignOut: () => signOut(), navigateToSignIn: () => router.replace('/sign-in') });
 */
export const createSignOutSequence = (steps: SignOutSteps): ApiClientConfig['onSignOut'] => {
  const revoke = steps.revokePushToken ?? revokeDevice(steps.installationId);
  const report = steps.report ?? ((step, error) => console.warn(`sign-out: ${step} failed`, error));
  let running: Promise<void> | undefined;

  const step = async (name: SignOutStep, run: () => Promise<void> | void): Promise<void> => {
    try {
      await run();
    } catch (error) {
      report(name, error);
    }
  };

  const sequence = async (request: RawRequest): Promise<void> => {
    await step('revokePushToken', () =>
      withTimeout(
        Promise.resolve().then(() => revoke(request)),
        steps.revokeTimeoutMs ?? 3_000,
      ),
    );
    await step('clearLocalSession', () => steps.clearLocalSession());
    await step('idpSignOut', () => steps.idpSignOut());
    await step('navigateToSignIn', () => steps.navigateToSignIn());
  };

  return ({ request }) => {
    running ??= sequence(request).finally(() => {
      running = undefined;
    });
    return running;
  };
};
