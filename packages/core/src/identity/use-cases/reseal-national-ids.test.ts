import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identifiers.js';
import type { NationalId } from '../national-id.js';
import { createTestWorld, fixtureUuid, type TestWorld } from '../../testing/index.js';
import { resealNationalIds, type ResealNationalIdsDeps, type ResealNationalIdsOptions, type ResealSummary } from './reseal-national-ids.js';

const user = (n: number): UserId => fixtureUuid(0xe1, n) as UserId;
const plain = (n: number): NationalId => `1000000${String(n).padStart(4, '0')}` as NationalId;

const seed = async (world: TestWorld, count: number, sealing: 'bound' | 'unbound'): Promise<void> => {
  for (let n = 1; n <= count; n += 1) {
    const sealed = sealing === 'bound' ? await world.nationalIdVault.seal(user(n), plain(n)) : world.nationalIdVault.sealUnbound(plain(n));
    await world.nationalIds.put(user(n), sealed, world.clock.now());
  }
};

const run = async (world: ResealNationalIdsDeps, options: ResealNationalIdsOptions = {}): Promise<ResealSummary> => {
  const result = await resealNationalIds(world)(options)();
  if (E.isLeft(result)) throw new Error('unreachable');
  return result.right;
};

const opensFor = async (world: TestWorld, n: number): Promise<O.Option<NationalId>> =>
  world.nationalIdVault.open(user(n), world.nationalIds.storedFor(user(n))!);

test('a reseal re-encrypts every row under the current key, bound to its user; then the old keys may be dropped', async (t) => {
  const world = createTestWorld();
  await seed(world, 3, 'unbound');
  world.nationalIdVault.rotate();
  t.deepEqual(await run(world, { batchSize: 2 }), { resealed: 3, alreadyCurrent: 0, notThisUsers: 0, stopped: false });
  world.nationalIdVault.dropOldKeys();
  for (const n of [1, 2, 3]) {
    t.deepEqual(await opensFor(world, n), O.some(plain(n)));
    t.true(await world.nationalIdVault.isCurrent(user(n), world.nationalIds.storedFor(user(n))!));
  }
});

test('without a reseal, dropping the old keys leaves old rows unreadable (why the reseal exists)', async (t) => {
  const world = createTestWorld();
  await seed(world, 1, 'bound');
  world.nationalIdVault.rotate();
  world.nationalIdVault.dropOldKeys();
  await t.throwsAsync(opensFor(world, 1));
});

test('a second reseal finds every row already current and changes nothing', async (t) => {
  const world = createTestWorld();
  await seed(world, 5, 'bound');
  world.nationalIdVault.rotate();
  await run(world);
  const before = [1, 2, 3, 4, 5].map((n) => world.nationalIds.storedFor(user(n)));
  t.deepEqual(await run(world, { batchSize: 2 }), { resealed: 0, alreadyCurrent: 5, notThisUsers: 0, stopped: false });
  t.deepEqual(
    [1, 2, 3, 4, 5].map((n) => world.nationalIds.storedFor(user(n))),
    before,
  );
});

test('a reseal stopped between batches resumes where it got to when run again', async (t) => {
  const world = createTestWorld();
  await seed(world, 5, 'bound');
  world.nationalIdVault.rotate();
  let batches = 0;
  const progress: number[] = [];
  const first = await run(world, {
    batchSize: 2,
    stopRequested: () => batches >= 1,
    onProgress: ({ done }) => ((batches += 1), progress.push(done)),
  });
  t.deepEqual(first, { resealed: 2, alreadyCurrent: 0, notThisUsers: 0, stopped: true });
  t.deepEqual(await run(world, { batchSize: 2, onProgress: ({ done }) => progress.push(done) }), {
    resealed: 3,
    alreadyCurrent: 2,
    notThisUsers: 0,
    stopped: false,
  });
  t.deepEqual(progress, [2, 2, 4, 5]);
});

test('a national ID the user sets while a reseal runs is never overwritten with the old one', async (t) => {
  const world = createTestWorld();
  await seed(world, 1, 'bound');
  world.nationalIdVault.rotate();
  const vault = world.nationalIdVault;
  // The user's PUT lands between the reseal's read and its write.
  const racing = {
    ...world,
    nationalIdVault: {
      isCurrent: vault.isCurrent.bind(vault),
      open: vault.open.bind(vault),
      sealFor: vault.sealFor.bind(vault),
      openFor: vault.openFor.bind(vault),
      seal: async (userId: UserId, value: NationalId) => {
        await world.nationalIds.put(userId, await vault.seal(userId, '99999999999' as NationalId), world.clock.now());
        return vault.seal(userId, value);
      },
    },
  };
  t.deepEqual(await run(racing), { resealed: 0, alreadyCurrent: 1, notThisUsers: 0, stopped: false });
  t.deepEqual(await opensFor(world, 1), O.some('99999999999'));
});

test('a value bound to another user is left as it is, never rebound to the row it was copied to', async (t) => {
  const world = createTestWorld();
  await seed(world, 2, 'bound');
  const copied = world.nationalIds.storedFor(user(1))!;
  await world.nationalIds.put(user(2), copied, world.clock.now());
  world.nationalIdVault.rotate();
  t.deepEqual(await run(world), { resealed: 1, alreadyCurrent: 0, notThisUsers: 1, stopped: false });
  t.is(world.nationalIds.storedFor(user(2)), copied);
  t.deepEqual(await opensFor(world, 2), O.none);
});
