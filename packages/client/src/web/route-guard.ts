import { compileRoutePattern } from './route-pattern.js';
import { normalizePath } from './normalize-path.js';
import { signInRedirect } from './sign-in-redirect.js';

/** What the guard decided for one request. */
export type GuardDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly status: 307; readonly location: string }
  | { readonly kind: 'unauthorized'; readonly status: 401 }
  | { readonly kind: 'bad-request'; readonly status: 400 };

/** The spec's protected web routes. */
export const SPEC_PROTECTED_ROUTES: readonly string[] = [
  '/:lang',
  '/:lang/schedule(.*)',
  '/:lang/workouts(.*)',
  '/:lang/shop(.*)',
  '/:lang/courses(.*)',
  '/:lang/profile(.*)',
  '/:lang/dashboard(.*)',
  '/:lang/onboarding(.*)',
  '/:lang/complete-profile(.*)',
];

/** The spec's public web routes (`/[lang]/buy/...`, `/[lang]/auth/reset`), bounded by whole segments. */
export const SPEC_PUBLIC_ROUTES: readonly string[] = ['/:lang/buy/:path*', '/:lang/auth/reset'];

/** Paths no guard may touch: the app-link association files must answer 200 without a redirect. */
export const ALWAYS_PUBLIC_ROUTES: readonly string[] = ['/.well-known/:path*', '/apple-app-site-association'];

/** How the guard is set up. */
export interface RouteGuardConfig {
  /** The configured locales; every `:lang` matches only these (so `/:lang` never catches `/sign-in`). */
  readonly locales: readonly string[];
  /** Protected patterns (default: the spec's list). */
  readonly protect?: readonly string[];
  /** Public patterns, checked before `protect` (default: the spec's). */
  readonly public?: readonly string[];
  /** Default `/sign-in`; always public, with its subtree. */
  readonly signInUrl?: string;
  /** Default `/sign-up`; always public, with its subtree. */
  readonly signUpUrl?: string;
  /** Default: `/.well-known/*` and `/apple-app-site-association`. */
  readonly alwaysPublic?: readonly string[];
  /** `readWebConfig(env).bypass`: allow everything (end-to-end test builds only). */
  readonly bypass?: boolean;
}

/** One request as the guard sees it. */
export interface GuardRequest {
  readonly url: URL;
  readonly isSignedIn: boolean;
  /** `isDocumentRequest(headers)`: a page navigation (redirect) rather than a data request (401). */
  readonly isDocument: boolean;
}

const authPagePattern = (authUrl: string, requestUrl: URL): RegExp | undefined => {
  const target = new URL(authUrl, requestUrl);
  if (target.origin !== requestUrl.origin) return undefined;
  return compileRoutePattern(`${target.pathname.replace(/\/+$/, '')}/:path*`, []);
};

/**
 * Creates the web route guard (a UX redirect; the API stays the authority). Order: bypass →
 * normalise (malformed encoding → 400) → sign-in, sign-up and always-public paths → public
 * patterns → protected and signed out: 307 to sign-in for documents, 401 otherwise → allow.
 * Matching is case-insensitive and tolerates a trailing slash.
 *
 * @example
 * const guard = createRouteGuard({ locales: ['en', 'he'], ...readWebConfig(process.env) });
 * guard({ url: new URL('https://app.test/en/shop'), isSignedIn: false, isDocument: true });
 * // { kind: 'redirect', status: 307, location: 'https://app.test/sign-in?redirect_url=…' }
 */
export const createRouteGuard = (config: RouteGuardConfig): ((request: GuardRequest) => GuardDecision) => {
  if (config.locales.length === 0) throw new TypeError('createRouteGuard: at least one locale is required');
  const compile = (patterns: readonly string[]) => patterns.map((pattern) => compileRoutePattern(pattern, config.locales));
  const protect = compile(config.protect ?? SPEC_PROTECTED_ROUTES);
  const publicRoutes = compile([...(config.alwaysPublic ?? ALWAYS_PUBLIC_ROUTES), ...(config.public ?? SPEC_PUBLIC_ROUTES)]);
  const signInUrl = config.signInUrl || '/sign-in';
  const signUpUrl = config.signUpUrl || '/sign-up';
  const matches = (patterns: readonly RegExp[], path: string) => patterns.some((pattern) => pattern.test(path));

  return ({ url, isSignedIn, isDocument }) => {
    if (config.bypass === true) return { kind: 'allow' };
    const paths = normalizePath(url.pathname);
    if (paths === undefined) return { kind: 'bad-request', status: 400 };
    const authPages = [authPagePattern(signInUrl, url), authPagePattern(signUpUrl, url)].filter((p): p is RegExp => p !== undefined);
    // Spec rule order: auth pages and public routes first, so the sign-in page can never redirect to itself.
    const isPublic = (path: string) => matches(authPages, path) || matches(publicRoutes, path);
    const isProtected = paths.some((path) => !isPublic(path) && matches(protect, path));
    if (!isProtected || isSignedIn) return { kind: 'allow' };
    return isDocument ? { kind: 'redirect', status: 307, location: signInRedirect(url, signInUrl) } : { kind: 'unauthorized', status: 401 };
  };
};
