import test from 'ava';
import { createHash } from 'node:crypto';
import * as O from 'fp-ts/lib/Option.js';
import { CompactEncrypt, decodeProtectedHeader } from 'jose';
import type { NationalId, UserId } from '@idv/core';
import { NationalIdVaultError, createNationalIdVault } from './national-id-vault.js';
import { nationalIdKeyId, vaultKey } from './vault-key.js';

const PLAIN = 'TR-12345678901' as NationalId;
const ADA = '0b0e7c2a-2f4e-4c55-9a51-5a4f1d0c0001' as UserId;
const BOB = '0b0e7c2a-2f4e-4c55-9a51-5a4f1d0c0002' as UserId;
// Fixed, readable test keys: 32 bytes each, spelled as `openssl rand -base64 32` would.
const OLD_KEY = Buffer.alloc(32, 1).toString('base64');
const NEW_KEY = Buffer.alloc(32, 2).toString('base64');
const PASSPHRASE = 'correct horse battery staple, national ids only';

const kidOf = (sealed: string) => decodeProtectedHeader(sealed).kid;
const flipFirst = (part: string) => (part.startsWith('A') ? 'B' : 'A') + part.slice(1);

test('a sealed national ID opens to the same value', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY });
  t.deepEqual(await vault.open(ADA, await vault.seal(ADA, PLAIN)), O.some(PLAIN));
});

test('the sealed value is a dir/A256GCM compact JWE naming its key, and never contains the plain value', async (t) => {
  const sealed = await createNationalIdVault({ currentKey: NEW_KEY }).seal(ADA, PLAIN);
  t.deepEqual(decodeProtectedHeader(sealed), { alg: 'dir', enc: 'A256GCM', kid: nationalIdKeyId(NEW_KEY), sub: ADA });
  t.is(sealed.split('.').length, 5);
  t.false(sealed.includes(PLAIN));
  t.false(sealed.includes(Buffer.from(PLAIN).toString('base64url')));
  t.false(sealed.includes(NEW_KEY));
});

test('two seals of the same value differ (a random IV each time)', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY });
  t.not(await vault.seal(ADA, PLAIN), await vault.seal(ADA, PLAIN));
});

test('after a rotation, values sealed with the old key still open and new seals use the new kid', async (t) => {
  const before = createNationalIdVault({ currentKey: OLD_KEY });
  const sealedBefore = await before.seal(ADA, PLAIN);
  const after = createNationalIdVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  t.deepEqual(await after.open(ADA, sealedBefore), O.some(PLAIN));
  const sealedAfter = await after.seal(ADA, PLAIN);
  t.is(kidOf(sealedBefore), nationalIdKeyId(OLD_KEY));
  t.is(kidOf(sealedAfter), nationalIdKeyId(NEW_KEY));
  t.not(kidOf(sealedAfter), kidOf(sealedBefore));
  t.deepEqual(await after.open(ADA, sealedAfter), O.some(PLAIN));
});

test('a value sealed with a key that is no longer configured rejects, naming the kid but not the key', async (t) => {
  const sealed = await createNationalIdVault({ currentKey: OLD_KEY }).seal(ADA, PLAIN);
  const error = await t.throwsAsync(createNationalIdVault({ currentKey: NEW_KEY }).open(ADA, sealed), { instanceOf: NationalIdVaultError });
  t.true(error?.message.includes(nationalIdKeyId(OLD_KEY)));
  t.false(error?.message.includes(OLD_KEY));
  t.false(error?.message.includes(PLAIN));
});

test('a tampered ciphertext, tag, IV or header rejects', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  const parts = (await vault.seal(ADA, PLAIN)).split('.');
  for (const index of [2, 3, 4]) {
    const tampered = parts.map((part, i) => (i === index ? flipFirst(part) : part)).join('.');
    await t.throwsAsync(vault.open(ADA, tampered), { instanceOf: NationalIdVaultError });
  }
  // The header is authenticated: pointing it at the other known key fails too.
  const otherKid = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM', kid: nationalIdKeyId(OLD_KEY), sub: ADA })).toString(
    'base64url',
  );
  await t.throwsAsync(vault.open(ADA, [otherKid, ...parts.slice(1)].join('.')), { instanceOf: NationalIdVaultError });
  await t.throwsAsync(vault.open(ADA, 'not a jwe'), { instanceOf: NationalIdVaultError });
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
  t.deepEqual(await vault.open(ADA, await vault.seal(ADA, PLAIN)), O.some(PLAIN));
});

test('a value sealed for one user does not open for another, and naming the other user in its header fails authentication', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY });
  const sealed = await vault.seal(ADA, PLAIN);
  t.deepEqual(await vault.open(BOB, sealed), O.none);
  const [, ...rest] = sealed.split('.');
  const rebound = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM', kid: nationalIdKeyId(NEW_KEY), sub: BOB })).toString(
    'base64url',
  );
  const error = await t.throwsAsync(vault.open(BOB, [rebound, ...rest].join('.')), { instanceOf: NationalIdVaultError });
  t.false(error?.message.includes(PLAIN));
});

test('a value sealed before ciphertexts were bound to their user (no sub) still opens, and is not current', async (t) => {
  const unbound = await new CompactEncrypt(new TextEncoder().encode(PLAIN))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: nationalIdKeyId(OLD_KEY) })
    .encrypt(vaultKey(OLD_KEY).key);
  const vault = createNationalIdVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  t.deepEqual(await vault.open(ADA, unbound), O.some(PLAIN));
  t.false(await vault.isCurrent(ADA, unbound));
});

test('a value is current only under the current key and bound to the user asking', async (t) => {
  const old = await createNationalIdVault({ currentKey: OLD_KEY }).seal(ADA, PLAIN);
  const vault = createNationalIdVault({ currentKey: NEW_KEY, previousKeys: [OLD_KEY] });
  const fresh = await vault.seal(ADA, PLAIN);
  t.true(await vault.isCurrent(ADA, fresh));
  t.false(await vault.isCurrent(BOB, fresh));
  t.false(await vault.isCurrent(ADA, old));
});

test('a key value shorter than 32 characters is refused, without echoing it', (t) => {
  const error = t.throws(() => createNationalIdVault({ currentKey: 'too-short-key' }));
  t.false(error?.message.includes('too-short-key'));
});

test('a value sealed for an agreement opens only for that agreement, never as a user value', async (t) => {
  const vault = createNationalIdVault({ currentKey: NEW_KEY });
  const sealed = await vault.sealFor('agreement:a1', PLAIN);
  t.is(decodeProtectedHeader(sealed).sub, 'agreement:a1');
  t.deepEqual(await vault.openFor('agreement:a1', sealed), O.some(PLAIN));
  t.deepEqual(await vault.openFor('agreement:a2', sealed), O.none);
  t.deepEqual(await vault.open(ADA, sealed), O.none);
  t.deepEqual(await vault.openFor('agreement:a1', await vault.seal(ADA, PLAIN)), O.none, 'a user value is not an agreement value');
});
