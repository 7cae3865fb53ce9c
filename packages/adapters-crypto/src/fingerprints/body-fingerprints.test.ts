import test from 'ava';
import { createHmac, randomBytes } from 'node:crypto';
import { createBodyFingerprints } from './body-fingerprints.js';

const SECRET = Buffer.alloc(32, 7);

test('a fingerprint is the HMAC-SHA256 of the text under the secret, the same every time', (t) => {
  const fingerprints = createBodyFingerprints(SECRET);
  const expected = createHmac('sha256', SECRET).update('{"planId":"p"}').digest('base64url');
  t.is(fingerprints.fingerprint('{"planId":"p"}'), expected);
  t.is(fingerprints.fingerprint('{"planId":"p"}'), expected);
  t.not(fingerprints.fingerprint('{"planId":"q"}'), expected);
});

test('another secret gives another fingerprint of the same body', (t) => {
  t.not(createBodyFingerprints(SECRET).fingerprint('body'), createBodyFingerprints(randomBytes(32)).fingerprint('body'));
});

test('a short secret is refused', (t) => {
  t.throws(() => createBodyFingerprints(Buffer.alloc(16)), { message: /at least 32 bytes/ });
});
