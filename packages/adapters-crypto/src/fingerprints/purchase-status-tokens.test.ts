import test from 'ava';
import type { PurchaseId } from '@idv/core';
import { createPurchaseStatusTokens } from './purchase-status-tokens.js';

const SECRET = Buffer.alloc(32, 9);
const PURCHASE = '0000d700-0000-4000-8000-000000000001' as PurchaseId;
const OTHER = '0000d700-0000-4000-8000-000000000002' as PurchaseId;
const EXPIRES = new Date('2026-03-08T12:00:00.000Z');
const BEFORE = new Date('2026-03-08T11:59:59.000Z');

test('a token is good for its purchase until it expires, and the same inputs give the same token', (t) => {
  const tokens = createPurchaseStatusTokens(SECRET);
  const token = tokens.issue(PURCHASE, EXPIRES);
  t.is(tokens.issue(PURCHASE, EXPIRES), token);
  t.is(tokens.check(PURCHASE, token, BEFORE), 'valid');
  t.is(tokens.check(PURCHASE, token, EXPIRES), 'expired');
});

test('a token is refused for another purchase, under another secret, with a moved expiry or when mangled', (t) => {
  const tokens = createPurchaseStatusTokens(SECRET);
  const token = tokens.issue(PURCHASE, EXPIRES);
  t.is(tokens.check(OTHER, token, BEFORE), 'invalid');
  t.is(createPurchaseStatusTokens(Buffer.alloc(32, 1)).check(PURCHASE, token, BEFORE), 'invalid');
  const [expires, mac] = token.split('.');
  t.is(tokens.check(PURCHASE, `${Number(expires) + 86400}.${mac}`, BEFORE), 'invalid', 'an extended expiry breaks the MAC');
  for (const mangled of ['', 'x', `${expires}.`, `${expires}.${mac}x`, `${expires}.${'A'.repeat(43)}`]) {
    t.is(tokens.check(PURCHASE, mangled, BEFORE), 'invalid', mangled);
  }
});
