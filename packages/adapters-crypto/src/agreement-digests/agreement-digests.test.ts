import test from 'ava';
import { createHash } from 'node:crypto';
import { createAgreementDigests } from './agreement-digests.js';

test('a token carries 256 random bits (base64url) and is stored only as its SHA-256', (t) => {
  const digests = createAgreementDigests();
  const { token, tokenHash } = digests.issueToken();
  t.regex(token, /^[A-Za-z0-9_-]{43}$/);
  t.is(Buffer.from(token, 'base64url').length, 32);
  t.is(tokenHash, createHash('sha256').update(token).digest('hex'));
  t.is(digests.tokenHash(token), tokenHash);
  t.not(digests.issueToken().token, token);
});

test('sha256 of a text is that of its UTF-8 bytes', (t) => {
  const digests = createAgreementDigests();
  t.is(digests.sha256('Şule İğdır'), digests.sha256(new TextEncoder().encode('Şule İğdır')));
});
