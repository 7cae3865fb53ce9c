import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { absurd, pipe } from 'fp-ts/lib/function.js';
import type { AcceptPendingInvitations } from '../../invitation/use-cases/accept-pending-invitations.js';
import { fromPort } from '../../shared/from-port.js';
import type { IdpUserId } from '../identifiers.js';
import type { IdentityProviderAdmin } from '../ports/identity-provider-admin.js';
import type { ProviderUser, User } from '../user.js';
import { handleUserCreated } from './handle-user-created.js';
import { handleUserDeleted } from './handle-user-deleted.js';
import { handleUserUpdated } from './handle-user-updated.js';
import type { MirrorProviderUserDeps } from './mirror-provider-user.js';
import type { SoftDeleteUserDeps } from './soft-delete-user.js';
import { withPorts } from '../../shared/with-ports.js';

/** Ports the reconciliation needs: the provider's admin API and the webhook handlers' ports. */
export interface SyncUsersDeps extends MirrorProviderUserDeps, SoftDeleteUserDeps {
  readonly idpAdmin: IdentityProviderAdmin;
}

/** Where a run stands: `provider` while paging the provider's users, `local` while looking for users gone there. */
export interface SyncProgress {
  readonly phase: 'provider' | 'local';
  /** Users looked at so far in this phase. */
  readonly done: number;
  /** The provider's user count (`provider` phase); null when unknown (`local` phase). */
  readonly total: number | null;
}

/** How to run one reconciliation. */
export interface SyncUsersOptions {
  /** Users per provider page and per local page (1–500; default 100). */
  readonly pageSize?: number;
  /** Called after each page. */
  readonly onProgress?: (progress: SyncProgress) => void;
  /** Checked between pages: a run asked to stop ends early (`stopped: true`), having changed only whole users. */
  readonly stopRequested?: () => boolean;
}

/** What a run changed. A second run right after the first reports only `unchanged`. */
export interface SyncSummary {
  /** Users the provider has that had no local row (their `user.created` was missed). */
  readonly created: number;
  /** Local rows older than the provider's user (a missed `user.updated`), or whose email verification state was unknown. */
  readonly updated: number;
  /** Live local users the provider no longer has (a missed `user.deleted`), soft-deleted. */
  readonly deleted: number;
  /** Pending invitations accepted for the users created or first verified here, as the webhooks would have. */
  readonly invitationsAccepted: number;
  readonly unchanged: number;
  /** True when `stopRequested` ended the run before it was complete. */
  readonly stopped: boolean;
}

/** Bound use case: one reconciliation run. */
export type SyncUsers = (options?: SyncUsersOptions) => TE.TaskEither<never, SyncSummary>;

/** The provider's page-size bounds (reference §5.5). */
const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 100;

type Outcome = 'created' | 'updated' | 'unchanged';

// The webhook handlers never fail (their failures are defects, thrown): unwrap their Right.
const run = async <A>(task: TE.TaskEither<never, A>): Promise<A> => {
  const result = await task();
  return E.isLeft(result) ? absurd(result.left) : result.right;
};

// A row whose email verification state is unknown (stored before it was kept) is refreshed by a
// snapshot as new as itself: the write's own guard allows exactly that.
const isStale = (local: User, snapshot: ProviderUser): boolean =>
  local.idpUpdatedAt === null ||
  snapshot.updatedAt > local.idpUpdatedAt ||
  (local.emailVerified === null && snapshot.updatedAt >= local.idpUpdatedAt);

/**
 * Repairs the local user store from the provider's admin API, for users whose webhooks were missed:
 * every provider user is mirrored through the webhook handlers' own guarded writes (`user.created`
 * for a missing row, which also accepts the user's pending path-1 invitations once the address is
 * verified; `user.updated` for a stale one or one whose verification state is unknown, which
 * accepts them when it first stores the address verified), and every live local user the provider no longer has — confirmed one by one with `getUser`,
 * so a user the listing skipped is never deleted — is soft-deleted as `user.deleted` would.
 * Idempotent, and safe while webhooks flow: every write is the guarded one the webhooks use (newer
 * state wins, deleted stays deleted). A provider or database failure rejects (a defect).
 *
 * @example
 * const summary = await syncUsers(deps)({ onProgress: (p) => bar.update(p.done) })();
 * // Right({ created: 3, updated: 1, deleted: 1, invitationsAccepted: 1, unchanged: 40, stopped: false })
 */
export const syncUsers =
  (deps: SyncUsersDeps & { readonly acceptPendingInvitations: AcceptPendingInvitations }): SyncUsers =>
  (options = {}) =>
    fromPort(async () => {
      const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
      const stopRequested = options.stopRequested ?? (() => false);
      let invitationsAccepted = 0;
      // The arrival path's own acceptance, counted on its way through.
      const acceptPendingInvitations: AcceptPendingInvitations = (arrival) =>
        pipe(
          deps.acceptPendingInvitations(arrival),
          TE.tap(({ accepted }) => {
            invitationsAccepted += accepted;
            return TE.right(undefined);
          }),
        );
      const mirrorDeps = withPorts(deps, { acceptPendingInvitations });
      const counts: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0 };
      let deleted = 0;

      const mirror = async (snapshot: ProviderUser): Promise<Outcome> => {
        const local = O.toNullable(await deps.users.findByIdpId(snapshot.idpId));
        if (local === null) {
          const sync = await run(handleUserCreated(mirrorDeps)(snapshot));
          // A webhook that created the row meanwhile already did what this run would have.
          return sync.created ? 'created' : 'unchanged';
        }
        // Deleted stays deleted; a row as new as the provider's needs nothing.
        if (local.deletedAt !== null || !isStale(local, snapshot)) return 'unchanged';
        const sync = await run(handleUserUpdated(mirrorDeps)(snapshot));
        const changed = sync.user.idpUpdatedAt !== local.idpUpdatedAt || sync.user.emailVerified !== local.emailVerified;
        return changed ? 'updated' : 'unchanged';
      };

      // Phase 1: every provider user. New users shift offset pages, so one may come twice: once is enough.
      const seen = new Set<IdpUserId>();
      const total = await deps.idpAdmin.countUsers();
      let stopped = false;
      for (let offset = 0; ; offset += pageSize) {
        if (stopRequested()) {
          stopped = true;
          break;
        }
        const page = await deps.idpAdmin.listUsers({ limit: pageSize, offset });
        for (const snapshot of page) {
          if (seen.has(snapshot.idpId)) continue;
          seen.add(snapshot.idpId);
          counts[await mirror(snapshot)] += 1;
        }
        options.onProgress?.({ phase: 'provider', done: seen.size, total });
        if (page.length < pageSize) break;
      }

      // Phase 2: live local users the listing did not show. Only the provider's own "no such user" deletes.
      let checked = 0;
      for (let after: IdpUserId | null = null; !stopped;) {
        if (stopRequested()) {
          stopped = true;
          break;
        }
        const page = await deps.users.listLive(after, pageSize);
        for (const local of page) {
          checked += 1;
          if (seen.has(local.idpId)) continue;
          seen.add(local.idpId);
          const snapshot = await deps.idpAdmin.getUser(local.idpId);
          if (O.isSome(snapshot)) {
            counts[await mirror(snapshot.value)] += 1;
          } else {
            await run(handleUserDeleted(deps)(local.idpId));
            deleted += 1;
          }
        }
        options.onProgress?.({ phase: 'local', done: checked, total: null });
        if (page.length < pageSize) break;
        after = page[page.length - 1]!.idpId;
      }
      return { created: counts.created, updated: counts.updated, deleted, invitationsAccepted, unchanged: counts.unchanged, stopped };
    });
