import test from 'ava';
import { configOf, problemsOf } from './test-support/config-of.js';

test('a signing link opens for 14 days unless AGREEMENT_LINK_TTL_DAYS says otherwise', (t) => {
  t.is(configOf({}).agreementLinkTtlDays, 14);
  t.is(configOf({ AGREEMENT_LINK_TTL_DAYS: '3' }).agreementLinkTtlDays, 3);
});

test('a bad AGREEMENT_LINK_TTL_DAYS is one line naming the variable', (t) => {
  t.deepEqual(problemsOf({ AGREEMENT_LINK_TTL_DAYS: '0' }), [
    'AGREEMENT_LINK_TTL_DAYS: expected a whole number of days from 1 to 365, got "0"',
  ]);
  t.deepEqual(problemsOf({ AGREEMENT_LINK_TTL_DAYS: 'two weeks' }), [
    'AGREEMENT_LINK_TTL_DAYS: expected a whole number of days from 1 to 365, got "two weeks"',
  ]);
});
