import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { NationalId } from '../national-id.js';
import { anOrganization, createTestWorld, outcome, sessionOf } from '../../testing/index.js';
import { setNationalId } from './set-national-id.js';

const id = (raw: string): NationalId => {
  const decoded = NationalId.decode(raw);
  if (E.isLeft(decoded)) throw new Error('fixture');
  return decoded.right;
};

test('a national ID is trimmed, 5-32 letters, digits or dashes, and a failure never repeats it', (t) => {
  t.deepEqual(NationalId.decode('  12345678901 '), E.right('12345678901'));
  for (const bad of ['1234', 'x'.repeat(33), '123 456', '12345;drop', 42]) t.true(E.isLeft(NationalId.decode(bad)), String(bad));
  const failure = NationalId.decode('secret value');
  t.true(E.isLeft(failure) && failure.left.every((e) => e.value === '(redacted)'));
});

test('a caller without a local user, or a deleted one, cannot set a national ID', async (t) => {
  const world = createTestWorld();
  const { owner } = await anOrganization(world, {});
  t.is(outcome(await setNationalId(world)({ ...owner.auth, user: null }, id('12345'))()), 'UserNotFound');
  t.is(outcome(await setNationalId(world)(sessionOf({ ...owner.user, deletedAt: world.clock.now() }), id('12345'))()), 'UserDeleted');
});
