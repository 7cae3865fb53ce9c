import type { EmulatorClient } from '../support/e2e-emulator-client.js';
import type { SeededRandom } from '../support/seeded-random.js';
import { Progress } from './progress.js';
import type { SoakProfile } from './soak-profile.js';

type Operation = 'create' | 'email' | 'delete';

/** One provider user of the soak, as the driver made it. */
export interface SoakUser {
  readonly index: number;
  /** The provider id, once created. */
  id?: string;
  sessionId?: string;
  /** The last session token minted for it (the API traffic reuses and refreshes it). */
  token?: { readonly jwt: string; readonly mintedAt: number };
  deleted: boolean;
  readonly remaining: Operation[];
  emailsSet: number;
}

/** The delivery modes the soak switches between (the emulator's switches). */
export interface SoakMode {
  readonly duplicate: boolean;
  readonly delayMs: number;
  readonly reorder: 'fifo' | 'reverse' | 'shuffle';
  readonly concurrency: number;
}

/** Called by the worker that finished operation `done`; the others keep going meanwhile. */
export type ProgressHook = (done: number) => Promise<void>;

/** Each user: created, 1–max email changes, and deleted with the profile's probability. */
export const planUsers = (profile: SoakProfile, random: SeededRandom): SoakUser[] =>
  Array.from({ length: profile.users }, (_, index) => ({
    index,
    deleted: false,
    emailsSet: 0,
    remaining: [
      'create' as const,
      ...Array.from({ length: 1 + random.int(profile.maxEmailChanges) }, () => 'email' as const),
      ...(random.next() < profile.deleteRatio ? ['delete' as const] : []),
    ],
  }));

/** A seeded delivery mode: duplicates, held batches released reversed or shuffled, attempts in flight. */
export const nextMode = (profile: SoakProfile, random: SeededRandom): SoakMode => ({
  duplicate: random.next() < 0.4,
  delayMs: random.pick([0, 0, 10, 50]),
  reorder: random.pick(['fifo', 'reverse', 'shuffle'] as const),
  concurrency: random.pick([1, Math.max(1, profile.maxDeliveryConcurrency / 2), profile.maxDeliveryConcurrency]),
});

/** The address of a user's `version`-th email (0: the one it was created with). */
export const emailOf = (user: SoakUser, version: number): string => `soak-u${user.index}-v${version}@example.com`;

const perform = async (provider: EmulatorClient, user: SoakUser, operation: Operation): Promise<void> => {
  if (operation === 'create') {
    const created = await provider.createUser(emailOf(user, 0));
    user.id = created.id;
    user.sessionId = (await provider.openSession(created.id)).id;
    user.token = { jwt: await provider.mintToken(user.sessionId), mintedAt: Date.now() };
  } else if (operation === 'email') {
    user.emailsSet += 1;
    await provider.changeEmail(user.id!, emailOf(user, user.emailsSet));
  } else {
    await provider.deleteUser(user.id!);
    user.deleted = true;
  }
};

/**
 * Drives the provider with `profile.workers` concurrent admin clients: each takes a random user with
 * operations left (never one another worker is changing: a user's changes stay in order at the
 * provider) and runs its next one to three, adding new users to `created`. Every `operationsPerMode`
 * operations the delivery mode changes. Returns the modes used.
 */
export const runProviderWorkload = async (
  provider: EmulatorClient,
  users: SoakUser[],
  progress: Progress,
  options: {
    readonly profile: SoakProfile;
    readonly random: SeededRandom;
    readonly created: SoakUser[];
    readonly onProgress: ProgressHook;
  },
): Promise<SoakMode[]> => {
  const { profile, random } = options;
  const idle = [...users];
  let busy = 0;
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const modes: SoakMode[] = [];
  const switchMode = async (): Promise<void> => {
    const mode = nextMode(profile, random);
    modes.push(mode);
    await provider.setDeliveryMode(mode);
  };
  await switchMode();
  const finishOne = async (): Promise<void> => {
    progress.advance();
    const done = progress.done;
    if (done % profile.operationsPerMode === 0 && done < progress.total) await switchMode();
    await options.onProgress(done);
  };
  const worker = async (): Promise<void> => {
    while (idle.length > 0 || busy > 0) {
      if (idle.length === 0) {
        await changed;
        continue;
      }
      const user = idle.splice(random.int(idle.length), 1)[0]!;
      busy += 1;
      // A burst of one to three changes of one user: they land in one held batch, so the batch's
      // release order (reversed, shuffled, concurrent) reorders that user's events.
      for (let burst = 1 + random.int(3); burst > 0 && user.remaining.length > 0; burst -= 1) {
        const operation = user.remaining.shift()!;
        await perform(provider, user, operation);
        if (operation === 'create') options.created.push(user);
        await finishOne();
      }
      busy -= 1;
      if (user.remaining.length > 0) idle.push(user);
      wake();
      changed = new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await Promise.all(Array.from({ length: profile.workers }, worker));
  return modes;
};

/** Every operation the plan holds. */
export const operationCount = (users: readonly SoakUser[]): number => users.reduce((sum, user) => sum + user.remaining.length, 0);
