import * as t from 'io-ts';
import * as O from 'fp-ts/lib/Option.js';
import { withJsonSchema } from '../shared/json-schema.js';

/** The language used when a request names none: `en`. */
export const DEFAULT_LOCALE = 'en' as Locale;

// Longer tags than this are not app languages; capping also bounds the work on a hostile header.
const MAX_TAG_LENGTH = 64;
const MAX_ACCEPT_LANGUAGE_LENGTH = 512;

/** The canonical form of a BCP 47 tag (`tr-tr` → `tr-TR`), or null when it is not one. */
export const canonicalLocale = (tag: string): string | null => {
  const trimmed = tag.trim();
  if (trimmed === '' || trimmed.length > MAX_TAG_LENGTH) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(trimmed);
    return canonical ?? null;
  } catch {
    return null;
  }
};

/** Brand of `Locale`. */
export interface LocaleBrand {
  readonly Locale: unique symbol;
}
/** A BCP 47 language tag in its canonical form (`Intl.getCanonicalLocales`), e.g. `tr-TR`. */
export const Locale = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, LocaleBrand> => canonicalLocale(s) === s, 'Locale'),
  {
    type: 'string',
    description: 'a BCP 47 language tag in its canonical form (`tr-TR`)',
  },
);
/** A canonical BCP 47 language tag. */
export type Locale = t.TypeOf<typeof Locale>;

/** Parses a tag into its canonical `Locale`; anything else is none (never an error). */
export const parseLocale = (tag: string | undefined): O.Option<Locale> => {
  if (tag === undefined) return O.none;
  const canonical = canonicalLocale(tag);
  return canonical === null ? O.none : O.some(canonical as Locale);
};

const weightOf = (parameters: readonly string[]): number => {
  const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
  if (q === undefined) return 1;
  const value = Number(q.slice(2));
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0;
};

// The tags of an `Accept-Language` header, most wanted first (`*` and `q=0` skipped; ties keep their order).
const rankedTags = (header: string | undefined): readonly string[] => {
  if (header === undefined || header.length > MAX_ACCEPT_LANGUAGE_LENGTH) return [];
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.split(';');
      return { tag: tag.trim(), weight: weightOf(parameters), index };
    })
    .filter((entry) => entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
};

/** The preferred language of an `Accept-Language` header: the highest-weighted valid tag (`*` and `q=0` skipped). */
export const preferredLanguage = (header: string | undefined): O.Option<Locale> => {
  for (const tag of rankedTags(header)) {
    const locale = parseLocale(tag);
    if (O.isSome(locale)) return locale;
  }
  return O.none;
};

/**
 * The most wanted of `languages` (primary subtags such as `tr`) by an `Accept-Language` header,
 * weights honoured; none when it asks for none of them.
 *
 * @example
 * preferredAmong('de, tr;q=0.8, en;q=0.5', ['en', 'tr']); // 'tr'
 */
export const preferredAmong = <L extends string>(header: string | undefined, languages: readonly L[]): L | null => {
  for (const tag of rankedTags(header)) {
    const primary = tag.split('-')[0]?.toLowerCase();
    const found = languages.find((language) => language === primary);
    if (found !== undefined) return found;
  }
  return null;
};

/** The language headers of one request, as sent. */
export interface LocaleHeaders {
  /** `X-Locale`: the app's language (spec: every mobile request carries it). */
  readonly xLocale?: string | undefined;
  readonly acceptLanguage?: string | undefined;
}

/**
 * The language a request names: a valid `X-Locale`, else the preferred valid
 * `Accept-Language`, else none (the caller then keeps what it has, or uses {@link DEFAULT_LOCALE}).
 * A malformed value is ignored, never an error.
 *
 * @example
 * requestLocale({ xLocale: 'tr-tr' }); // some('tr-TR')
 * requestLocale({ xLocale: '!!', acceptLanguage: 'de;q=0.5, fr' }); // some('fr')
 */
export const requestLocale = (headers: LocaleHeaders): O.Option<Locale> => {
  const explicit = parseLocale(headers.xLocale);
  return O.isSome(explicit) ? explicit : preferredLanguage(headers.acceptLanguage);
};

/** The language to write to a recipient in: the user's stored language, else the device's. */
export const recipientLocale = (userLocale: Locale | null, deviceLocale: Locale): Locale => userLocale ?? deviceLocale;
