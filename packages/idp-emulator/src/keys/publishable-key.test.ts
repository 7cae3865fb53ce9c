import test from 'ava';
import { buildPublishableKey, frontendApiFromPublishableKey } from './publishable-key.js';

test('publishable keys match the reference vectors', (t) => {
  t.is(buildPublishableKey('clerk.example.com', true), 'pk_live_Y2xlcmsuZXhhbXBsZS5jb20k');
  t.is(buildPublishableKey('example-app-12.clerk.accounts.dev'), 'pk_test_ZXhhbXBsZS1hcHAtMTIuY2xlcmsuYWNjb3VudHMuZGV2JA');
});

test('the frontend API host round-trips through the key', (t) => {
  t.is(frontendApiFromPublishableKey(buildPublishableKey('127.0.0.1:4010')), '127.0.0.1:4010');
});

test('keys without a dot, a single trailing $ or the right prefix are refused', (t) => {
  t.is(frontendApiFromPublishableKey(buildPublishableKey('localhost')), undefined);
  t.is(frontendApiFromPublishableKey(`pk_test_${Buffer.from('a.b$c$').toString('base64')}`), undefined);
  t.is(frontendApiFromPublishableKey('sk_test_abc'), undefined);
});
