import test from 'ava';
import { createHash } from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import type { NationalId } from '@idv/core';
import { NationalIdVaultError, createNationalIdVault } from './national-id-vault.js';
import { nationalIdKeyId, vaultKey } from './vault-key.js';

const PLAIN = 'TR-12345678901' as NationalId;
// Fixed, readable test keys: 32 bytes each, spelled as `openssl rand -base64 32` would.
const OLD_KEY = Buffer.alloc(32, 1).toString('base64');
const NEW_KEY = Buffer.alloc(32, 2).toString('base64');
const PASSPHRASE = 'correct horse battery staple, national ids only';

const kidOf = (sealed: string) => decodeProtectedHeader(sealed).kid;
const flipFirst = (part: string) => (part.startsWith('A') ? 'B' : 'A') + part.slice(1);

test('a sealed national ID opens to the same value', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY });
  t.is(await vault.open(await vault.seal(PLAIN)), PLAIN);
});

test('the sealed value is a dir/A256GCM compact JWE naming its key, and never contains the plain value', async (t) => {
  const sealed = await createNationalIdVault({ currentKey: NEW_KEY }).seal(PLAIN);
  t.deepEqual(decodeProtectedHeader(sealed), { alg: 'dir', enc: 'A256GCM', kid: nationalIdKeyId(NEW_KEY) });
  t.is(sealed.split('.').length, 5);
  t.false(sealed.includes(PLAIN));
  t.false(sealed.includes(Buffer.from(PLAIN).toString('base64url')));
  t.false(sealed.includes(NEW_KEY));
});

test('two seals of the same value differ (a random IV each time)', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY });
  t.not(await vault.seal(PLAIN), await vault.seal(PLAIN));
});

test('after a rotation, values sealed with the old key still open and new seals use the new kid', async (t) => {
  const before = createNationalIdVault({ currentKey: OLD_KEY });
  const sealedBefore = await before.seal(PLAIN);
  const after = createNationalIdVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  t.is(await after.open(sealedBefore), PLAIN);
  const sealedAfter = await after.seal(PLAIN);
  t.is(kidOf(sealedBefore), nationalIdKeyId(OLD_KEY));
  t.is(kidOf(sealedAfter), nationalIdKeyId(NEW_KEY));
  t.not(kidOf(sealedAfter), kidOf(sealedBefore));
  t.is(await after.open(sealedAfter), PLAIN);
});

test('a value sealed with a key that is no longer configured rejects, naming the kid but not the key', async (t) => {
  const sealed = await createNationalIdVault({ currentKey: OLD_KEY }).seal(PLAIN);
  const error = await t.throwsAsync(createNationalIdVault({ currentKey: NEW_KEY }).open(sealed), { instanceOf: NationalIdVaultError });
  t.true(error?.message.includes(nationalIdKeyId(OLD_KEY)));
  t.false(error?.message.includes(OLD_KEY));
  t.false(error?.message.includes(PLAIN));
});

test('a tampered ciphertext, tag, IV or header rejects', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  const parts = (await vault.seal(PLAIN)).split('.');
  for (const index of [2, 3, 4]) {
    const tampered = parts.map((part, i) => (i === index ? flipFirst(part) : part)).join('.');
    await t.throwsAsync(vault.open(tampered), { instanceOf: NationalIdVaultError });
  }
  // The header is authenticated: pointing it at the other known key fails too.
  const otherKid = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM', kid: nationalIdKeyId(OLD_KEY) })).toString('base64url');
  await t.throwsAsync(vault.open([otherKid, ...parts.slice(1)].join('.')), { instanceOf: NationalIdVaultError });
  await t.throwsAsync(vault.open('not a jwe'), { instanceOf: NationalIdVaultError });
});

test('a 32-byte key reads the same in base64 and base64url; its kid is the first 16 hex of its SHA-256', (t) => {
  const raw = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i));
  const expected = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  t.is(nationalIdKeyId(raw.toString('base64')), expected);
  t.is(nationalIdKeyId(raw.toString('base64url')), expected);
  t.deepEqual(vaultKey(raw.toString('base64url')).key, new Uint8Array(raw));
});

test('any other value of at least 32 characters is a passphrase stretched with HKDF-SHA256', async (t) => {
  const { key, kid } = vaultKey(PASSPHRASE);
  t.is(key.length, 32);
  t.not(kid, nationalIdKeyId(`${PASSPHRASE}!`));
  const vault = createNationalIdVault({ currentKey: PASSPHRASE });
  t.is(await vault.open(await vault.seal(PLAIN)), PLAIN);
});

test('a key value shorter than 32 characters is refused, without echoing it', (t) => {
  const error = t.throws(() => createNationalIdVault({ currentKey: 'too-short-key' }));
  t.false(error?.message.includes('too-short-key'));
});
