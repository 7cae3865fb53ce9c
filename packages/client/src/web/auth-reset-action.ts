import { AUTH_RESET_MARKER, safeLocale } from './auth-reset-path.js';
import { safeReturnPath } from './safe-return-path.js';

/** What the auth-reset page does on this arrival. */
export type AuthResetAction =
  /** First arrival: force a token refresh, then go to `returnTo` (it carries the attempt marker). */
  | { readonly kind: 'refresh'; readonly returnTo: string }
  /** A later arrival: the refresh did not help; sign out and go to sign-in. */
  | { readonly kind: 'sign-out'; readonly returnTo: string };

/**
 * Decides the auth-reset page's step from its own URL (the loop guard of `authResetPath`): the
 * first arrival refreshes and returns (marked with `auth_reset=<attempt>`), a second signs out.
 * `redirect_url` is re-checked here, never trusted.
 *
 * @example
 * const action = readAuthReset(new URL(request.url), { locales: ['en', 'he'], defaultLocale: 'en', lang: params.lang });
 */
export const readAuthReset = (
  url: URL,
  options: {
    readonly lang: string | undefined;
    readonly locales: readonly string[];
    readonly defaultLocale: string;
    readonly maxAttempts?: number;
  },
): AuthResetAction => {
  const lang = safeLocale(options.lang, options.locales, options.defaultLocale);
  const base = safeReturnPath(url.searchParams.get('redirect_url')) ?? `/${lang}`;
  const attempt = Number.parseInt(url.searchParams.get('attempt') ?? '1', 10);
  if (!Number.isFinite(attempt) || attempt > (options.maxAttempts ?? 1)) return { kind: 'sign-out', returnTo: base };
  const target = new URL(base, 'http://return.invalid');
  target.searchParams.set(AUTH_RESET_MARKER, String(Math.max(1, attempt)));
  return { kind: 'refresh', returnTo: `${target.pathname}${target.search}${target.hash}` };
};
