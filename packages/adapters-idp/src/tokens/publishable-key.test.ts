import test from 'ava';
import { frontendApiFromPublishableKey, issuerFromPublishableKey } from './publishable-key.js';

const encode = (text: string) => Buffer.from(text).toString('base64').replace(/=+$/, '');

test('the issuer is https:// plus the host encoded in the key (reference examples)', (t) => {
  t.is(issuerFromPublishableKey('pk_live_Y2xlcmsuZXhhbXBsZS5jb20k'), 'https://clerk.example.com');
  t.is(issuerFromPublishableKey('pk_test_ZXhhbXBsZS1hcHAtMTIuY2xlcmsuYWNjb3VudHMuZGV2JA'), 'https://example-app-12.clerk.accounts.dev');
});

test('a host with a port is allowed (local emulator)', (t) => {
  t.is(frontendApiFromPublishableKey(`pk_test_${encode('127.0.0.1:4010$')}`), '127.0.0.1:4010');
});

const malformed = [
  ['empty', ''],
  ['wrong prefix', `sk_test_${encode('clerk.example.com$')}`],
  ['unknown instance type', `pk_prod_${encode('clerk.example.com$')}`],
  ['no terminating $', `pk_test_${encode('clerk.example.com')}`],
  ['two $', `pk_test_${encode('clerk.$example.com$')}`],
  ['no dot in the host', `pk_test_${encode('localhost$')}`],
  ['a path in the host', `pk_test_${encode('evil.com/x$')}`],
  ['not base64', 'pk_test_!!!!'],
] as const;

for (const [name, key] of malformed) {
  test(`a publishable key with ${name} is rejected`, (t) => {
    t.throws(() => issuerFromPublishableKey(key), { message: /Publishable key is not valid/ });
  });
}
