import test from 'ava';
import { tokenExpiryMs } from './token-expiry.js';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('reads exp in milliseconds, also with non-ASCII claims', (t) => {
  t.is(tokenExpiryMs(`${part({})}.${part({ exp: 1_800_000_000, name: 'Zoë 名前' })}.s`), 1_800_000_000_000);
});

test('not a JWT, or no numeric exp: undefined', (t) => {
  for (const token of [
    'opaque',
    `${part({})}.${part({ exp: '1' })}.s`,
    `${part({})}.!!!.s`,
    `${part({})}.${Buffer.from('not json').toString('base64url')}.s`,
  ]) {
    t.is(tokenExpiryMs(token), undefined, token);
  }
});
