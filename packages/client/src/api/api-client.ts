import { joinApiUrl } from './join-api-url.js';
import { isReplayableBody } from './replayable-body.js';
import { SignedOutError } from './signed-out-error.js';
import { createTokenStore } from './token-store.js';

/** A request with the last token, no retry and no sign-out (what the sign-out's push-token revoke uses). */
export type RawRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** A request's options: `fetch`'s, plus `authRetry: false` to return a 401 as is. */
export type ApiRequestInit = RequestInit & { readonly authRetry?: boolean };

/** How the API client is set up. */
export interface ApiClientConfig {
  readonly baseUrl: string;
  /** The provider's token: `getToken({ skipCache: forceRefresh })`; `null` means signed out. */
  getToken(options: { forceRefresh: boolean }): Promise<string | null>;
  /** The app's ordered sign-out (`createSignOutSequence`), run once. */
  onSignOut(context: { readonly lastToken: string | null; readonly request: RawRequest }): Promise<void>;
  /** The app language, read on every send (`X-Locale`). */
  locale(): string;
  /** The fetch implementation (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
  /** The current time in ms (default `Date.now`); tests move it. */
  readonly now?: () => number;
  /** The in-memory cache's lifetime; default 10 000 ms (spec). */
  readonly tokenTtlMs?: number;
  /** Margin before `exp` after which a cached token is not served; default 5 000 ms. */
  readonly expirySkewMs?: number;
}

/** The API client. */
export interface ApiClient {
  /** Sends `path` (relative to `baseUrl`) with the bearer token and `X-Locale`; rejects `SignedOutError` once signed out. */
  request(path: string, init?: ApiRequestInit): Promise<Response>;
  /** The cached, single-flight token. */
  getToken(): Promise<string | null>;
  /** Drops the 10-second cache (e.g. when the app returns to the foreground). */
  invalidate(): void;
  /** Signs out through `onSignOut`, once (the same path as a second 401). */
  signOut(): Promise<void>;
}

/**
 * Creates the API client of the spec's mobile (and browser) rules: a bearer token from the app's
 * `getToken` cached in memory for 10 s but never past its `exp`; on the first 401 one shared forced
 * refresh and one retry; on the second 401 (or no token) sign-out exactly once; `X-Locale` on every
 * send. Only a 401 counts: network errors, 403 and 5xx pass through and never sign out.
 *
 * @example
 * const api = createApiClient({ baseUrl, locale: () => i18n.language,
 *   getToken: ({ forceRefresh }) => session.getToken({ skipCache: forceRefresh }), onSignOut });
 * const me = await api.request('/users/me');
 */
export const createApiClient = (config: ApiClientConfig): ApiClient => {
  const send = config.fetch ?? fetch;
  const tokens = createTokenStore(config.getToken, config.now ?? Date.now, config.tokenTtlMs ?? 10_000, config.expirySkewMs ?? 5_000);
  let signingOut: Promise<void> | undefined;

  const sendWith = (path: string, init: ApiRequestInit, token: string | null): Promise<Response> => {
    const { authRetry: _ignored, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    headers.set('x-locale', config.locale());
    return send(joinApiUrl(config.baseUrl, path), { ...rest, headers });
  };

  const signOut = (): Promise<void> => {
    signingOut ??= config.onSignOut({ lastToken: tokens.last(), request: (path, init = {}) => sendWith(path, init, tokens.last()) });
    tokens.invalidate();
    return signingOut;
  };

  const signedOut = async (): Promise<never> => {
    try {
      await signOut();
    } catch (cause) {
      throw new SignedOutError('signed out (the sign-out sequence failed)', { cause });
    }
    throw new SignedOutError();
  };

  const ensureSignedIn = () => {
    if (signingOut !== undefined) throw new SignedOutError();
  };

  const discard = (response: Response) => response.body?.cancel().catch(() => undefined);

  const request = async (path: string, init: ApiRequestInit = {}): Promise<Response> => {
    ensureSignedIn();
    const token = await tokens.current();
    ensureSignedIn();
    if (token === null) return signedOut();
    const first = await sendWith(path, init, token);
    ensureSignedIn();
    if (first.status !== 401 || init.authRetry === false) return first;
    const fresh = await tokens.refreshAfter(token).catch(async (error: unknown) => {
      await discard(first);
      throw error;
    });
    ensureSignedIn();
    if (fresh === null) return signedOut();
    // A stream body is gone after the first send: the refresh still helps the next request.
    if (!isReplayableBody(init.body)) return first;
    await discard(first);
    const second = await sendWith(path, init, fresh);
    ensureSignedIn();
    if (second.status !== 401) return second;
    await discard(second);
    return signedOut();
  };

  return {
    request,
    getToken: async () => {
      ensureSignedIn();
      return tokens.current();
    },
    invalidate: () => tokens.invalidate(),
    signOut,
  };
};
