import test from 'ava';
import { parseJsonWithoutDuplicates } from './json-members.js';

test('a JSON object without repeated names parses', (t) => {
  t.deepEqual(parseJsonWithoutDuplicates('{"a":1,"b":{"a":[{"a":"x:\\"y\\":"}]},"c":"\\\\"}'), {
    a: 1,
    b: { a: [{ a: 'x:"y":' }] },
    c: '\\',
  });
  t.deepEqual(parseJsonWithoutDuplicates(' { "a" \n : 1 } '), { a: 1 });
  t.deepEqual(parseJsonWithoutDuplicates('{"__proto__":1}'), JSON.parse('{"__proto__":1}'));
});

test('a repeated member name at any depth is refused', (t) => {
  t.is(parseJsonWithoutDuplicates('{"sub":"user_a","sub":"user_b"}'), undefined);
  t.is(parseJsonWithoutDuplicates('{"o":{"id":1, "id" :2}}'), undefined);
  t.is(parseJsonWithoutDuplicates('[{"a":1,"a":1}]'), undefined);
  // Compact texts whose parse keeps the first position but the last value, or the same value.
  t.is(parseJsonWithoutDuplicates('{"b":1,"a":2,"b":1}'), undefined);
  t.is(parseJsonWithoutDuplicates('{"a":{"x":1},"a":{"x":1}}'), undefined);
  t.is(parseJsonWithoutDuplicates('{"__proto__":1,"__proto__":2}'), undefined);
});

test('a text that is not JSON is refused', (t) => {
  t.is(parseJsonWithoutDuplicates('{"a":1'), undefined);
  t.is(parseJsonWithoutDuplicates('\u0000'), undefined);
});
