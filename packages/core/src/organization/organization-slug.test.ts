import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { OrganizationSlug, slugBase, slugCandidates as brandedCandidates } from './organization-slug.js';

const slugCandidates = (base: string, suffixes: readonly string[]): readonly string[] => brandedCandidates(base, suffixes).map(String);

const refusal = (input: unknown): string => {
  const decoded = OrganizationSlug.decode(input);
  return E.isLeft(decoded) ? (decoded.left[0]?.message ?? 'refused without a message') : 'accepted';
};

test('a name becomes a slug with Turkish letters transliterated, other accents dropped, every other run a hyphen', (t) => {
  t.is(slugBase('Şişli Güç Salonu'), 'sisli-guc-salonu');
  t.is(slugBase('İSTANBUL ÇAĞ ÖZEL Işık'), 'istanbul-cag-ozel-isik');
  t.is(slugBase('  Café  Crème & Co.  '), 'cafe-creme-co');
  t.is(slugBase('!!!'), '');
});

test('a long name is cut to leave room for a suffix, never ending in a hyphen', (t) => {
  const base = slugBase(`${'a'.repeat(55)} bcd`);
  t.is(base, 'a'.repeat(55));
  t.true(base.length <= 56);
});

test('candidates start with the base, then numbered, then the random suffixes', (t) => {
  t.deepEqual(slugCandidates('iron-gym', ['3f9a1c']).slice(0, 3), ['iron-gym', 'iron-gym-2', 'iron-gym-3']);
  t.is(slugCandidates('iron-gym', ['3f9a1c']).at(-1), 'iron-gym-3f9a1c');
});

test('a reserved, short or empty base is never a candidate itself', (t) => {
  t.is(slugCandidates('admin', [])[0], 'admin-2');
  t.is(slugCandidates('a', [])[0], 'a-2');
  t.is(slugCandidates('', [])[0], 'organization');
});

test('a slug names the rule it breaks: length, characters, reserved words', (t) => {
  t.is(refusal('ab'), 'expected 3 to 63 characters');
  t.is(refusal('a'.repeat(64)), 'expected 3 to 63 characters');
  t.is(refusal('Iron-Gym'), 'expected lower-case letters, digits and single hyphens between them');
  t.is(refusal('iron--gym'), 'expected lower-case letters, digits and single hyphens between them');
  t.is(refusal('-iron'), 'expected lower-case letters, digits and single hyphens between them');
  t.is(refusal(42), 'expected a string');
  for (const word of ['admin', 'api', 'public', 'sign', 'buy', 'www', 'app', 'help', 'login', 'settings']) {
    t.is(refusal(word), `"${word}" is a reserved word`, word);
  }
  t.is(refusal('iron-gym-2'), 'accepted');
});
