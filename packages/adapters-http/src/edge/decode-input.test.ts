import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as io from 'io-ts';
import { NationalId, PaymentCard } from '@idv/core';
import { decodeInput } from './decode-input.js';
import { personalData } from './personal-data.js';

const Body = io.type({
  nationalId: personalData(NationalId),
  card: personalData(PaymentCard),
  token: personalData(io.string),
  seats: io.number,
  name: io.string,
});

const problemsOf = (value: unknown): readonly string[] => {
  const decoded = decodeInput(Body, value, 'body');
  return E.isLeft(decoded) ? decoded.left.problems : [];
};

test('a value under a personal-data codec is named by its path only, whatever its type', (t) => {
  const problems = problemsOf({
    nationalId: 10000000078,
    card: { number: 4111111111111111, cvc: 123 },
    token: 12345678901,
    seats: 'x',
    name: 'Ada',
  });
  t.deepEqual(problems, [
    'body.nationalId: expected NationalId, got [REDACTED]',
    'body.card.holderName: expected string, got [REDACTED]',
    'body.card.number: expected string, got [REDACTED]',
    'body.card.expireMonth: expected string, got [REDACTED]',
    'body.card.expireYear: expected string, got [REDACTED]',
    'body.card.cvc: expected string, got [REDACTED]',
    'body.token: expected string, got [REDACTED]',
    'body.seats: expected number, got "x"',
  ]);
  for (const secret of ['10000000078', '4111111111111111', '123', '12345678901']) t.false(problems.join('\n').includes(secret), secret);
});

test('a card given whole as a string is not echoed either', (t) => {
  const problems = problemsOf({ nationalId: '10000000078', card: '4111111111111111 123', token: 'tok', seats: 1, name: 'Ada' });
  t.deepEqual(problems, ['body.card: expected PaymentCard, got [REDACTED]']);
});

test('an object or array is never echoed, since a personal-data field may sit inside it', (t) => {
  t.deepEqual(problemsOf(['10000000078']), [
    'body: expected { nationalId: NationalId, card: PaymentCard, token: string, seats: number, name: string }, got an array',
  ]);
  const Wrapper = io.type({ person: io.type({ name: io.string }) });
  const decoded = decodeInput(Wrapper, { person: 'x' }, 'body');
  t.deepEqual(E.isLeft(decoded) ? decoded.left.problems : [], ['body.person: expected { name: string }, got "x"']);
  const nested = decodeInput(io.type({ list: io.string }), { list: { nationalId: '10000000078' } }, 'body');
  t.deepEqual(E.isLeft(nested) ? nested.left.problems : [], ['body.list: expected string, got an object']);
});

test('marking a codec for one field leaves the same codec elsewhere unmarked', (t) => {
  const decoded = decodeInput(io.type({ secret: personalData(io.string), label: io.string }), { secret: 1, label: 2 }, 'query');
  t.deepEqual(E.isLeft(decoded) ? decoded.left.problems : [], [
    'query.secret: expected string, got [REDACTED]',
    'query.label: expected string, got 2',
  ]);
});
