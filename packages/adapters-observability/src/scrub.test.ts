import test from 'ava';
import { scrubText, scrubValue } from './scrub.js';

test('free text loses emails, bearer tokens, JWTs, provider keys and long numbers', (t) => {
  t.is(
    scrubText('ada@example.com sent Bearer abc.def and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig_part with sk_live_abc and 10000000146'),
    '[email] sent Bearer [REDACTED] and [token] with [key] and [number]',
  );
});

test('sensitive keys are redacted at any depth, other values kept', (t) => {
  t.deepEqual(
    scrubValue({ eventType: 'user.created', nested: { Authorization: 'Bearer x', nationalId: '1', list: [{ email: 'a@b.co', ok: 1 }] } }),
    {
      eventType: 'user.created',
      nested: { Authorization: '[REDACTED]', nationalId: '[REDACTED]', list: [{ email: '[REDACTED]', ok: 1 }] },
    },
  );
});
