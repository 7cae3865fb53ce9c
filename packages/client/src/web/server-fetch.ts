import { joinApiUrl } from '../api/join-api-url.js';

/** How a server-side fetch is set up (one per incoming request). */
export interface ServerFetchConfig {
  readonly baseUrl: string;
  /** The request's session token (server side there is no forced refresh). */
  getToken(): Promise<string | null>;
  /** The page's locale, sent as `X-Locale`. */
  locale?(): string;
  /**
   * Called once, on the first 401 from the API, with the page to come back to; the Next adapter
   * answers `redirect(authResetPath({ …, returnTo }))`. If it returns, the 401 is returned.
   */
  onUnauthorized(context: { readonly returnTo: string | undefined }): unknown;
  /** The current page's relative path (e.g. from a header the middleware sets). */
  currentPath?(): string | undefined;
  /** The fetch implementation (default: the global `fetch`). */
  readonly fetch?: typeof fetch;
}

/** A fetch to the API that sends once, never retries and turns a 401 into the auth-reset redirect. */
export type ServerFetch = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * Creates the server-side fetch of the web app: `Authorization: Bearer <token>` and `X-Locale`,
 * one send, no retry. Only a 401 reaches `onUnauthorized` (once per instance); a 403, a 5xx or a
 * network error pass through untouched.
 *
 * @example
 * const api = createServerFetch({ baseUrl, getToken: () => auth().getToken(), locale: () => lang,
 *   onUnauthorized: ({ returnTo }) => redirect(authResetPath({ lang, locales, defaultLocale: 'en', returnTo })) });
 */
export const createServerFetch = (config: ServerFetchConfig): ServerFetch => {
  const send = config.fetch ?? fetch;
  let reported = false;
  return async (path, init = {}) => {
    const token = await config.getToken();
    const headers = new Headers(init.headers);
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    if (config.locale !== undefined) headers.set('x-locale', config.locale());
    const response = await send(joinApiUrl(config.baseUrl, path), { ...init, headers });
    if (response.status === 401 && !reported) {
      reported = true;
      await config.onUnauthorized({ returnTo: config.currentPath?.() });
    }
    return response;
  };
};
