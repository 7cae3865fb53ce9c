import test from 'ava';
import type { ExecutionContext } from 'ava';
import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { Webhook } from 'standardwebhooks';
import type { WebhookSignatureHeaders } from '@idv/core';
import { createWebhookVerifier } from './webhook-verifier.js';

const newSecret = (bytes = 32) => `whsec_${randomBytes(bytes).toString('base64')}`;
const SECRET = newSecret();
const OTHER_SECRET = newSecret();
const verifier = createWebhookVerifier(SECRET);
const BODY = '{"data":{"id":"user_29w83sxmDNGwOuEthce5gg56FcC","object":"user"},"object":"event","type":"user.created"}';
const ID = 'msg_2g7np7Hrk0SN6kj5EDMLDaKNL0S';

/** Signs like the provider: fresh timestamp (shifted by `offsetSeconds`), `v1,` signature. */
const signed = (body: string | Buffer = BODY, options: { secret?: string; offsetSeconds?: number } = {}): WebhookSignatureHeaders => {
  const at = new Date(Date.now() + (options.offsetSeconds ?? 0) * 1000);
  return {
    id: ID,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    signature: new Webhook(options.secret ?? SECRET).sign(ID, at, body),
  };
};

const rejects = (t: ExecutionContext, body: Uint8Array, headers: WebhookSignatureHeaders, reason: string) => {
  t.deepEqual(verifier.verify(body, headers), E.left({ _tag: 'InvalidWebhookSignature', message: 'Invalid webhook signature', reason }));
};

test('a freshly signed body verifies', (t) => {
  t.deepEqual(verifier.verify(Buffer.from(BODY), signed()), E.right(undefined));
});

test('a plain Uint8Array view into a larger buffer verifies (exact bytes are passed on)', (t) => {
  const bytes = new TextEncoder().encode(`xxxx${BODY}yyyy`);
  const view = new Uint8Array(bytes.buffer, 4, bytes.byteLength - 8);
  t.deepEqual(verifier.verify(view, signed()), E.right(undefined));
});

test('a tampered body is rejected', (t) => {
  rejects(t, Buffer.from(BODY.replace('user.created', 'user.deleted')), signed(), 'No matching signature found');
});

test('a signature made with another secret is rejected', (t) => {
  rejects(t, Buffer.from(BODY), signed(BODY, { secret: OTHER_SECRET }), 'No matching signature found');
});

test('a timestamp older than 300 s is rejected', (t) => {
  rejects(t, Buffer.from(BODY), signed(BODY, { offsetSeconds: -400 }), 'Message timestamp too old');
});

test('a timestamp more than 300 s in the future is rejected', (t) => {
  rejects(t, Buffer.from(BODY), signed(BODY, { offsetSeconds: 400 }), 'Message timestamp too new');
});

test('a timestamp that is not plain digits is rejected before the library', (t) => {
  const headers = signed();
  for (const timestamp of [`+${headers.timestamp}`, `${headers.timestamp}abc`, `${headers.timestamp}.9`, 'hello', '', '12345678901']) {
    rejects(t, Buffer.from(BODY), { ...headers, timestamp }, 'invalid-timestamp');
  }
});

test('an over-long id, an id with a dot or an over-long signature header is rejected', (t) => {
  const headers = signed();
  rejects(t, Buffer.from(BODY), { ...headers, id: 'm'.repeat(257) }, 'invalid-id');
  rejects(t, Buffer.from(BODY), { ...headers, id: 'msg.1' }, 'invalid-id');
  rejects(t, Buffer.from(BODY), { ...headers, signature: `${'v1,AAAA '.repeat(600)}${headers.signature}` }, 'signature-header-too-long');
});

test('several signatures with the valid one last verify (secret rotation)', (t) => {
  const current = signed();
  const old = signed(BODY, { secret: OTHER_SECRET });
  const signature = `${old.signature} v2,${old.signature.slice(3)} ${current.signature}`;
  t.deepEqual(verifier.verify(Buffer.from(BODY), { ...current, signature }), E.right(undefined));
});

test('a header with only a v2 entry is rejected', (t) => {
  const headers = signed();
  rejects(t, Buffer.from(BODY), { ...headers, signature: `v2,${headers.signature.slice(3)}` }, 'No matching signature found');
});

test('an empty signature header is rejected without a throw', (t) => {
  rejects(t, Buffer.from(BODY), { ...signed(), signature: '' }, 'Missing required headers');
});

test('a body that is not UTF-8 is rejected even when signed as the library decodes it', (t) => {
  const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0xfe, 0x7d]);
  rejects(t, bytes, signed(bytes), 'body-not-utf8');
});

test('a secret with surrounding whitespace is trimmed', (t) => {
  const padded = createWebhookVerifier(`  ${SECRET}\n`);
  t.deepEqual(padded.verify(Buffer.from(BODY), signed()), E.right(undefined));
});

const badSecrets = [
  ['the bare prefix', 'whsec_'],
  ['an empty string', ''],
  ['no prefix', randomBytes(32).toString('base64')],
  ['a key under 24 bytes', newSecret(16)],
  ['the url-safe alphabet', `whsec_${randomBytes(32).toString('base64url')}-_`],
  ['a stray trailing character', `${newSecret(24)}X`],
  ['a public key', `whpk_${randomBytes(32).toString('base64')}`],
] as const;

for (const [name, secret] of badSecrets) {
  test(`a webhook secret with ${name} is rejected at construction, without echoing it`, (t) => {
    const error = t.throws(() => createWebhookVerifier(secret), { message: /IdP webhook secret/ });
    if (secret.length > 6) t.false(error?.message.includes(secret.slice(6)));
  });
}

test('the reference vector A reaches the library and fails only on its old timestamp', (t) => {
  const vector = createWebhookVerifier('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  const headers = {
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: '1614265330',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };
  t.deepEqual(
    vector.verify(Buffer.from('{"test": 2432232314}'), headers),
    E.left({ _tag: 'InvalidWebhookSignature', message: 'Invalid webhook signature', reason: 'Message timestamp too old' }),
  );
});

test('the OpenSSL signature equals the library own for ASCII, multi-byte, empty and large bodies, under several secrets', (t) => {
  const bodies = ['', BODY, '{"first_name":"Çağrı","last_name":"Öztürk","emoji":"🏋️"}', 'x'.repeat(64 * 1024)];
  for (const secret of [SECRET, OTHER_SECRET, newSecret(24), newSecret(64)]) {
    const ours = createWebhookVerifier(secret);
    for (const body of bodies) {
      const at = new Date();
      const headers = { id: ID, timestamp: String(Math.floor(at.getTime() / 1000)), signature: new Webhook(secret).sign(ID, at, body) };
      t.deepEqual(ours.verify(Buffer.from(body), headers), E.right(undefined), `${body.slice(0, 20)} verifies`);
      const flipped = Buffer.from(body);
      if (flipped.length > 0) {
        flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
        t.true(E.isLeft(ours.verify(flipped, headers)), 'one flipped bit is refused');
      }
    }
  }
});
