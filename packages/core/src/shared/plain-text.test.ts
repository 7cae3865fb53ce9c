import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Decoder } from 'io-ts';
import { OrganizationName } from '../organization/organization.js';
import { PaymentDescription } from '../payments/payment.js';
import { BuyerName } from '../commerce/purchase.js';
import { PlanName } from '../commerce/plan.js';
import { isPlainText, isTrimmedPlainText } from './plain-text.js';

// Found by the API fuzzer: a NUL in an organization's name reached PostgreSQL, which cannot store it,
// and the request answered 500. Text that is stored and shown must refuse control characters at decoding.
const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f', '\n'];

test('isPlainText refuses C0 control characters and DEL, and accepts any other text', (t) => {
  for (const character of CONTROL) t.false(isPlainText(`Iron${character}Gym`), JSON.stringify(character));
  for (const text of ['Iron Gym', 'Spor Salonu Çağ', 'Gym; Spa', "O'Brien", '😀 Club', '\u00a0space']) t.true(isPlainText(text), text);
});

test('an organization name or a payment description holding a control character does not decode', (t) => {
  for (const character of CONTROL) {
    t.true(E.isLeft(OrganizationName.decode(`Iron${character}Gym`)), `name with ${JSON.stringify(character)}`);
    t.true(E.isLeft(PaymentDescription.decode(`Monthly${character}fee`)), `description with ${JSON.stringify(character)}`);
  }
  t.deepEqual(OrganizationName.decode('  Iron Gym\n'), E.right('Iron Gym'), 'surrounding whitespace is still trimmed away');
  t.deepEqual(PaymentDescription.decode('Monthly fee'), E.right('Monthly fee'));
});

test('isTrimmedPlainText takes 1 to max characters with no surrounding spaces and no control character', (t) => {
  t.true(isTrimmedPlainText('a', 3));
  t.true(isTrimmedPlainText('a b', 3));
  for (const text of ['', 'abcd', ' ab', 'ab ', 'a\tb']) t.false(isTrimmedPlainText(text, 3), JSON.stringify(text));
});

test("a plan's or a buyer's name is refused untrimmed, empty, over 100 characters or with a control character", (t) => {
  for (const codec of [PlanName, BuyerName] as readonly Decoder<unknown, string>[]) {
    t.true(E.isRight(codec.decode('x'.repeat(100))), codec.name);
    for (const bad of ['', ' Monthly', 'Monthly ', 'x'.repeat(101), 'Month\u0000ly'])
      t.true(E.isLeft(codec.decode(bad)), `${codec.name} ${JSON.stringify(bad)}`);
  }
});
