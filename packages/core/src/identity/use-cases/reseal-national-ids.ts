import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Clock } from '../../shared/clock.js';
import { fromPort } from '../../shared/from-port.js';
import type { UserId } from '../identifiers.js';
import type { NationalIdVault } from '../ports/national-id-vault.js';
import type { NationalIds, StoredNationalId } from '../ports/national-ids.js';

/** Ports a reseal needs. */
export interface ResealNationalIdsDeps {
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly clock: Clock;
}

/** Where a reseal stands: rows looked at so far (the total is not counted ahead). */
export interface ResealProgress {
  readonly phase: 'reseal';
  readonly done: number;
  readonly total: null;
}

/** How to run one reseal. */
export interface ResealNationalIdsOptions {
  /** Rows per batch (1–1000; default 200). */
  readonly batchSize?: number;
  /** Called after each batch. */
  readonly onProgress?: (progress: ResealProgress) => void;
  /** Checked between batches: a run asked to stop ends early (`stopped: true`); running again resumes. */
  readonly stopRequested?: () => boolean;
}

/** What a reseal did. A second run right after reports every row `alreadyCurrent`. */
export interface ResealSummary {
  /** Rows re-encrypted under the current key and bound to their user. */
  readonly resealed: number;
  /** Rows already under the current key and bound to their user, or replaced meanwhile by the user (who sealed a current value). */
  readonly alreadyCurrent: number;
  /** Rows bound to another user (copied across rows): left as they are, never rebound; the member sets their ID again. */
  readonly notThisUsers: number;
  /** True when `stopRequested` ended the run before the last row. */
  readonly stopped: boolean;
}

/** Bound use case: one reseal run. */
export type ResealNationalIds = (options?: ResealNationalIdsOptions) => TE.TaskEither<never, ResealSummary>;

const MAX_BATCH = 1000;
const DEFAULT_BATCH = 200;

type Outcome = 'resealed' | 'alreadyCurrent' | 'notThisUsers';

/**
 * Re-encrypts every stored national ID under the current key, bound to its user, so that retired
 * keys (`NATIONAL_ID_DECRYPTION_KEYS`) can be dropped afterwards. Walks the rows in batches by user
 * id; a row the vault reports current is skipped, so a run that stopped (or failed) resumes where
 * it got to by simply running again. Each rewrite is a guarded replace of the value it read: a
 * national ID the user set meanwhile (sealed current and bound) is never overwritten with the old
 * one. A value bound to another user is never rebound to the row's user. A value that cannot be
 * opened at all (a key missing from the configuration, a tampered row) rejects: a defect, which
 * stops the run with nothing half-written.
 *
 * @example
 * const summary = await resealNationalIds(deps)({ onProgress: (p) => bar.update(p.done) })();
 * // Right({ resealed: 40, alreadyCurrent: 2, notThisUsers: 0, stopped: false })
 */
export const resealNationalIds =
  (deps: ResealNationalIdsDeps): ResealNationalIds =>
  (options = {}) =>
    fromPort(async () => {
      const batchSize = Math.min(Math.max(Math.trunc(options.batchSize ?? DEFAULT_BATCH), 1), MAX_BATCH);
      const stopRequested = options.stopRequested ?? (() => false);
      const counts: Record<Outcome, number> = { resealed: 0, alreadyCurrent: 0, notThisUsers: 0 };

      const reseal = async ({ userId, sealed }: StoredNationalId): Promise<Outcome> => {
        if (await deps.nationalIdVault.isCurrent(userId, sealed)) return 'alreadyCurrent';
        const opened = await deps.nationalIdVault.open(userId, sealed);
        if (O.isNone(opened)) return 'notThisUsers';
        const resealed = await deps.nationalIdVault.seal(userId, opened.value);
        // Lost only to the user's own new value (already current) or an erase: nothing left to reseal.
        return (await deps.nationalIds.replace(userId, sealed, resealed, deps.clock.now())) ? 'resealed' : 'alreadyCurrent';
      };

      let after: UserId | null = null;
      let done = 0;
      for (;;) {
        if (stopRequested()) return { ...counts, stopped: true };
        const batch = await deps.nationalIds.listAfter(after, batchSize);
        for (const row of batch) counts[await reseal(row)] += 1;
        done += batch.length;
        options.onProgress?.({ phase: 'reseal', done, total: null });
        const last = batch[batch.length - 1];
        if (batch.length < batchSize || last === undefined) return { ...counts, stopped: false };
        after = last.userId;
      }
    });
