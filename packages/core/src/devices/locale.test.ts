import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import {
  DEFAULT_LOCALE,
  Locale,
  parseLocale,
  preferredAmong,
  preferredLanguage,
  recipientLocale,
  requestLocale,
  type LocaleHeaders,
} from './locale.js';

const resolves = test.macro({
  exec(t, headers: LocaleHeaders, expected: string | null) {
    t.deepEqual(O.toNullable(requestLocale(headers)), expected);
  },
  title: (given, headers: LocaleHeaders, expected: string | null) => given ?? `${JSON.stringify(headers)} → ${expected ?? 'none'}`,
});

test('a valid X-Locale wins, in its canonical form', resolves, { xLocale: 'tr-tr', acceptLanguage: 'en' }, 'tr-TR');
test('X-Locale is trimmed', resolves, { xLocale: '  de  ' }, 'de');
test('a script subtag is canonicalised', resolves, { xLocale: 'zh-hant-tw' }, 'zh-Hant-TW');
test(
  'a malformed X-Locale is ignored: Accept-Language is next',
  resolves,
  { xLocale: 'not a locale!', acceptLanguage: 'fr-FR,fr;q=0.9' },
  'fr-FR',
);
test('a malformed X-Locale and no Accept-Language name nothing', resolves, { xLocale: '!!!' }, null);
test('no headers name nothing', resolves, {}, null);
test('Accept-Language is read by weight, not order', resolves, { acceptLanguage: 'de;q=0.5, tr;q=0.9, en;q=0.1' }, 'tr');
test('Accept-Language skips *, q=0 and invalid tags', resolves, { acceptLanguage: '*, en;q=0, x y;q=0.9, pt-br;q=0.8' }, 'pt-BR');
test('a list is not one tag: X-Locale "en,tr" is ignored', resolves, { xLocale: 'en,tr' }, null);
test('an over-long X-Locale is ignored', resolves, { xLocale: `en-${'a'.repeat(80)}` }, null);
test('an over-long Accept-Language is ignored', resolves, { acceptLanguage: `${'en;q=0.1,'.repeat(100)}tr` }, null);

test('the default language is en, and a valid Locale', (t) => {
  t.is(DEFAULT_LOCALE as string, 'en');
  t.true(Locale.is(DEFAULT_LOCALE));
});

test('Locale accepts only canonical tags', (t) => {
  t.true(Locale.is('tr-TR'));
  t.false(Locale.is('tr-tr'));
  t.false(Locale.is(''));
  t.deepEqual(parseLocale(undefined), O.none);
  t.deepEqual(preferredLanguage(undefined), O.none);
});

test("a notification is written in the user's stored language, else the device's", (t) => {
  t.is(recipientLocale('tr-TR' as Locale, 'en' as Locale) as string, 'tr-TR');
  t.is(recipientLocale(null, 'de' as Locale) as string, 'de');
});

test('preferredAmong: the most wanted of the languages offered, by weight, else none', (t) => {
  t.is(preferredAmong('de, tr;q=0.8, en;q=0.5', ['en', 'tr']), 'tr');
  t.is(preferredAmong('tr;q=0.1, en-GB', ['en', 'tr']), 'en', 'a lower weight loses, whatever its place');
  t.is(preferredAmong('TR-tr', ['en', 'tr']), 'tr');
  t.is(preferredAmong('de, fr', ['en', 'tr']), null);
  t.is(preferredAmong('tr;q=0', ['en', 'tr']), null);
  t.is(preferredAmong(undefined, ['en', 'tr']), null);
});
