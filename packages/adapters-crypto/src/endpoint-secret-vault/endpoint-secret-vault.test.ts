import test from 'ava';
import { decodeProtectedHeader } from 'jose';
import type { SealedEndpointSecret } from '@idv/core';
import { nationalIdKeyId } from '../national-id-vault/vault-key.js';
import { EndpointSecretVaultError, createEndpointSecretVault, endpointSecretKeyId } from './endpoint-secret-vault.js';

const ENDPOINT = 'ep_0b0e7c2a2f4e4c559a515a4f1d0c0001';
const OTHER_ENDPOINT = 'ep_0b0e7c2a2f4e4c559a515a4f1d0c0002';
// Fixed, readable test keys: 32 bytes each, spelled as `openssl rand -base64 32` would.
const OLD_KEY = Buffer.alloc(32, 3).toString('base64');
const NEW_KEY = Buffer.alloc(32, 4).toString('base64');
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

const flipFirst = (part: string) => (part.startsWith('A') ? 'B' : 'A') + part.slice(1);
const headerNaming = (kid: string, sub: string) =>
  Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM', kid, sub })).toString('base64url');

test('a sealed secret opens to the same secret for its endpoint', async (t) => {
  const vault = createEndpointSecretVault({ currentKey: NEW_KEY });
  t.is(await vault.open(ENDPOINT, await vault.seal(ENDPOINT, SECRET)), SECRET);
});

test('the sealed secret is a dir/A256GCM compact JWE naming its key and endpoint, and never contains the secret', async (t) => {
  const sealed = await createEndpointSecretVault({ currentKey: NEW_KEY }).seal(ENDPOINT, SECRET);
  t.deepEqual(decodeProtectedHeader(sealed), { alg: 'dir', enc: 'A256GCM', kid: endpointSecretKeyId(NEW_KEY), sub: ENDPOINT });
  t.is(sealed.split('.').length, 5);
  t.false(sealed.includes(SECRET.slice('whsec_'.length)));
  t.false(sealed.includes(Buffer.from(SECRET).toString('base64url')));
});

test('a generated secret is whsec_ and the base64 of 32 random bytes', async (t) => {
  const vault = createEndpointSecretVault({ currentKey: NEW_KEY });
  const secret = vault.generate();
  t.regex(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  t.is(Buffer.from(secret.slice('whsec_'.length), 'base64').length, 32);
  t.not(vault.generate(), secret);
  t.is(await vault.open(ENDPOINT, await vault.seal(ENDPOINT, secret)), secret);
});

test('a secret sealed for one endpoint does not open for another, and renaming the endpoint in its header fails authentication', async (t) => {
  const vault = createEndpointSecretVault({ currentKey: NEW_KEY });
  const sealed = await vault.seal(ENDPOINT, SECRET);
  await t.throwsAsync(vault.open(OTHER_ENDPOINT, sealed), { instanceOf: EndpointSecretVaultError });
  const [, ...rest] = sealed.split('.');
  const moved = [headerNaming(endpointSecretKeyId(NEW_KEY), OTHER_ENDPOINT), ...rest].join('.') as SealedEndpointSecret;
  const error = await t.throwsAsync(vault.open(OTHER_ENDPOINT, moved), { instanceOf: EndpointSecretVaultError });
  t.false(error?.message.includes(SECRET));
});

test('after a rotation, secrets sealed with the old key still open and new seals use the new kid', async (t) => {
  const sealedBefore = await createEndpointSecretVault({ currentKey: OLD_KEY }).seal(ENDPOINT, SECRET);
  const after = createEndpointSecretVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  t.is(await after.open(ENDPOINT, sealedBefore), SECRET);
  const sealedAfter = await after.seal(ENDPOINT, SECRET);
  t.is(decodeProtectedHeader(sealedBefore).kid, endpointSecretKeyId(OLD_KEY));
  t.is(decodeProtectedHeader(sealedAfter).kid, endpointSecretKeyId(NEW_KEY));
  t.is(await after.open(ENDPOINT, sealedAfter), SECRET);
});

test('a secret sealed with a key no longer configured rejects, naming the kid but neither the key nor the secret', async (t) => {
  const sealed = await createEndpointSecretVault({ currentKey: OLD_KEY }).seal(ENDPOINT, SECRET);
  const error = await t.throwsAsync(createEndpointSecretVault({ currentKey: NEW_KEY }).open(ENDPOINT, sealed), {
    instanceOf: EndpointSecretVaultError,
  });
  t.true(error?.message.includes(endpointSecretKeyId(OLD_KEY)));
  t.false(error?.message.includes(OLD_KEY));
  t.false(error?.message.includes(SECRET));
});

test('a tampered ciphertext, tag, IV or header rejects', async (t) => {
  const vault = createEndpointSecretVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  const parts = (await vault.seal(ENDPOINT, SECRET)).split('.');
  for (const index of [2, 3, 4]) {
    const tampered = parts.map((part, i) => (i === index ? flipFirst(part) : part)).join('.') as SealedEndpointSecret;
    await t.throwsAsync(vault.open(ENDPOINT, tampered), { instanceOf: EndpointSecretVaultError });
  }
  // The header is authenticated: pointing it at the other known key fails too.
  const otherKid = [headerNaming(endpointSecretKeyId(OLD_KEY), ENDPOINT), ...parts.slice(1)].join('.') as SealedEndpointSecret;
  await t.throwsAsync(vault.open(ENDPOINT, otherKid), { instanceOf: EndpointSecretVaultError });
  await t.throwsAsync(vault.open(ENDPOINT, 'not a jwe' as SealedEndpointSecret), { instanceOf: EndpointSecretVaultError });
});

test('one passphrase configured for national IDs and webhook secrets gives unrelated keys', (t) => {
  const passphrase = 'one passphrase reused for two purposes, on purpose';
  t.not(endpointSecretKeyId(passphrase), nationalIdKeyId(passphrase));
});

test('only a whsec_ secret is sealed, and a short key is refused without echoing it', async (t) => {
  const vault = createEndpointSecretVault({ currentKey: NEW_KEY });
  await t.throwsAsync(vault.seal(ENDPOINT, 'not-a-secret'), { instanceOf: EndpointSecretVaultError });
  const error = t.throws(() => createEndpointSecretVault({ currentKey: 'too-short-key' }));
  t.false(error?.message.includes('too-short-key'));
});
