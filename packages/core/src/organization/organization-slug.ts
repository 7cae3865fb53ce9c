import * as t from 'io-ts';
import { withJsonSchema } from '../shared/json-schema.js';

/** Brand of `OrganizationSlug`. */
export interface OrganizationSlugBrand {
  readonly OrganizationSlug: unique symbol;
}
/** An organization's public handle (`/public/organizations/:slug`): see `OrganizationSlug`. */
export type OrganizationSlug = t.Branded<string, OrganizationSlugBrand>;

/** Shortest and longest slug. */
export const SLUG_MIN_LENGTH = 3;
/** Longest slug (a DNS label's length, so a slug can also name a subdomain). */
export const SLUG_MAX_LENGTH = 63;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words no organization may take as its slug: they name (or may one day name) the service's own
 * pages and routes on the same paths as a gym's public page.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'apps',
  'auth',
  'billing',
  'buy',
  'dashboard',
  'docs',
  'forms',
  'health',
  'help',
  'invitations',
  'login',
  'logout',
  'me',
  'metrics',
  'new',
  'organizations',
  'payments',
  'plans',
  'public',
  'purchases',
  'settings',
  'sign',
  'sign-in',
  'sign-up',
  'signup',
  'status',
  'support',
  'users',
  'webhooks',
  'www',
]);

/** Whether a string is a well-formed slug that is not reserved (the rule of `OrganizationSlug`). */
export const slugProblem = (s: string): string | undefined => {
  if (s.length < SLUG_MIN_LENGTH || s.length > SLUG_MAX_LENGTH) return `expected ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} characters`;
  if (!SLUG_PATTERN.test(s)) return 'expected lower-case letters, digits and single hyphens between them';
  if (RESERVED_SLUGS.has(s)) return `"${s}" is a reserved word`;
  return undefined;
};

const isSlug = (u: unknown): u is OrganizationSlug => typeof u === 'string' && slugProblem(u) === undefined;

/**
 * A slug: 3–63 lower-case letters, digits and single hyphens between them, never one of
 * `RESERVED_SLUGS`. A refusal names the rule it broke.
 */
export const OrganizationSlug = withJsonSchema(
  new t.Type<OrganizationSlug, string, unknown>(
    'OrganizationSlug',
    isSlug,
    (input, context) => {
      if (typeof input !== 'string') return t.failure(input, context, 'expected a string');
      const problem = slugProblem(input);
      return problem === undefined ? t.success(input as OrganizationSlug) : t.failure(input, context, problem);
    },
    (slug) => slug,
  ),
  {
    type: 'string',
    minLength: SLUG_MIN_LENGTH,
    maxLength: SLUG_MAX_LENGTH,
    pattern: SLUG_PATTERN.source,
    not: { enum: [...RESERVED_SLUGS] },
    description: 'lower-case letters, digits and single hyphens; reserved words refused',
  },
);

const TURKISH: Readonly<Record<string, string>> = {
  ş: 's',
  Ş: 's',
  ğ: 'g',
  Ğ: 'g',
  ı: 'i',
  İ: 'i',
  ç: 'c',
  Ç: 'c',
  ö: 'o',
  Ö: 'o',
  ü: 'u',
  Ü: 'u',
};
// Leaves room for a "-" and a six-character suffix within SLUG_MAX_LENGTH.
const MAX_BASE_LENGTH = SLUG_MAX_LENGTH - 7;

/**
 * The slug a name suggests, before deduplication: Turkish letters transliterated (ş→s, ğ→g, ı/İ→i,
 * ç→c, ö→o, ü→u), other accents dropped, lower-cased, every other run of characters a hyphen.
 * May be empty, short or reserved: `slugCandidates` turns it into valid ones.
 *
 * @example
 * slugBase('Şişli Güç Salonu'); // 'sisli-guc-salonu'
 */
export const slugBase = (name: string): string =>
  name
    .replace(/[şŞğĞıİçÇöÖüÜ]/g, (c) => TURKISH[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/, '');

/** How many numbered candidates (`base-2` … `base-9`) come before random suffixes. */
const NUMBERED = 8;

/**
 * The slugs to try for a new organization, in order: the base itself when valid, then `base-2` …
 * `base-9`, then `base-<suffix>` for each random suffix given (lower-case hex). An empty base is
 * `organization`.
 *
 * @example
 * slugCandidates('admin', ['3f9a1c']); // ['admin-2', …, 'admin-9', 'admin-3f9a1c']
 */
export const slugCandidates = (base: string, randomSuffixes: readonly string[]): readonly OrganizationSlug[] => {
  const stem = base === '' ? 'organization' : base;
  const all = [stem, ...Array.from({ length: NUMBERED }, (_, i) => `${stem}-${i + 2}`), ...randomSuffixes.map((s) => `${stem}-${s}`)];
  return all.filter(isSlug);
};
