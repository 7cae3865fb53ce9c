import { safeReturnPath } from './safe-return-path.js';

/** The query parameter a page carries after one auth reset; its next 401 then counts as a second attempt. */
export const AUTH_RESET_MARKER = 'auth_reset';

/** Where and how to build the auth-reset location. */
export interface AuthResetOptions {
  /** The request's locale (route param); anything not in `locales` becomes `defaultLocale`. */
  readonly lang: string | undefined;
  readonly locales: readonly string[];
  readonly defaultLocale: string;
  /** The relative path to come back to; anything unsafe becomes `/{lang}`. */
  readonly returnTo?: string | undefined;
  /** Which arrival this is; default 1, or one more than the `auth_reset` marker `returnTo` carries. */
  readonly attempt?: number;
  /** The reset page below `/{lang}`; default `/auth/reset`. */
  readonly path?: string;
}

/** `lang` as one of `locales` (their spelling), else `defaultLocale`. */
export const safeLocale = (lang: string | undefined, locales: readonly string[], defaultLocale: string): string => {
  if (!locales.includes(defaultLocale)) throw new TypeError(`defaultLocale ${defaultLocale} is not one of the locales`);
  return locales.find((locale) => locale.toLowerCase() === lang?.toLowerCase()) ?? defaultLocale;
};

const withoutMarker = (path: string): { path: string; previous: number } => {
  const url = new URL(path, 'http://return.invalid');
  const previous = Number.parseInt(url.searchParams.get(AUTH_RESET_MARKER) ?? '0', 10);
  url.searchParams.delete(AUTH_RESET_MARKER);
  return { path: `${url.pathname}${url.search}${url.hash}`, previous: Number.isFinite(previous) && previous > 0 ? previous : 0 };
};

const isResetPath = (path: string, resetPath: string, locales: readonly string[]): boolean => {
  const pathname = path.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase();
  return locales.some((locale) => pathname === `/${locale}${resetPath}`.toLowerCase());
};

/**
 * The locale-aware auth-reset location for a server-side 401:
 * `/{lang}/auth/reset?redirect_url=<safe relative path>&attempt=<n>`. Safe against open
 * redirects (only same-site relative return paths survive; the locale must be configured) and
 * against loops (a return path that is the reset page itself becomes `/{lang}`; `attempt` counts
 * arrivals, so the reset page signs out on the second instead of refreshing again).
 *
 * @example
 * authResetPath({ lang: 'he', locales: ['en', 'he'], defaultLocale: 'en', returnTo: '/he/shop?x=1' });
 * // '/he/auth/reset?redirect_url=%2Fhe%2Fshop%3Fx%3D1&attempt=1'
 */
export const authResetPath = (options: AuthResetOptions): string => {
  const lang = safeLocale(options.lang, options.locales, options.defaultLocale);
  const resetPath = options.path ?? '/auth/reset';
  const candidate = safeReturnPath(options.returnTo);
  const { path, previous } = candidate === undefined ? { path: `/${lang}`, previous: 0 } : withoutMarker(candidate);
  const returnTo = isResetPath(path, resetPath, options.locales) ? `/${lang}` : path;
  const attempt = Math.max(1, Math.floor(options.attempt ?? previous + 1));
  const query = new URLSearchParams({ redirect_url: returnTo, attempt: String(attempt) });
  return `/${lang}${resetPath}?${query.toString().replace(/\+/g, '%20')}`;
};
