import * as E from 'fp-ts/lib/Either.js';
import { appendAudit, type AuditTrailDeps } from '../audit/audit-trail.js';
import type { UserId } from '../identity/identifiers.js';
import { ownerMustTransferOwnership, type OwnerMustTransferOwnership } from '../identity/identity.errors.js';
import { isLive, type Membership } from '../membership/membership.js';
import type { Memberships } from '../membership/ports/memberships.js';
import type { Organizations } from './ports/organizations.js';

/** What a user's deletion does with the live owner rows it is about to cancel: refuse (a Left), or settle them. */
export type SettleOwnedOrganizations<Refusal> = (ownerRows: readonly Membership[]) => Promise<E.Either<Refusal, void>>;

/**
 * The user's live owner rows, read under a lock on all their membership rows (in id order) that
 * holds until the unit of work ends. Call it inside the deletion's unit of work, before it writes:
 * a transfer of ownership to the user then either committed first (its owner row is seen here) or
 * waits and loses its guarded update (the row it would promote is cancelled by then).
 */
export const lockedOwnerRows = async (memberships: Memberships, userId: UserId): Promise<readonly Membership[]> =>
  (await memberships.lockAllForUser(userId)).filter((row) => row.role === 'owner' && isLive(row.status));

/** `DELETE /users/me`: an organization always has an owner, so an owner must transfer ownership first. */
export const refuseOwners: SettleOwnedOrganizations<OwnerMustTransferOwnership> = async (ownerRows) =>
  ownerRows.length === 0 ? E.right(undefined) : E.left(ownerMustTransferOwnership(ownerRows.map((row) => row.organizationId)));

/** Ports needed to mark organizations ownerless. */
export interface MarkOwnerlessDeps extends AuditTrailDeps {
  readonly organizations: Organizations;
}

/**
 * The provider deleted an owner (`user.deleted`: nothing can refuse it): each organization they
 * owned is marked ownerless, with an `organization.owner_lost` audit entry whose actor is nobody
 * (the provider), in the deletion's unit of work. A Platform Admin finds it with
 * `listOwnerlessOrganizations` and transfers ownership.
 */
export const markOwnerless =
  (deps: MarkOwnerlessDeps): SettleOwnedOrganizations<never> =>
  async (ownerRows) => {
    for (const row of ownerRows) {
      await deps.organizations.markOwnerless(row.organizationId, deps.clock.now());
      await appendAudit(deps, {
        organizationId: row.organizationId,
        action: 'organization.owner_lost',
        actorUserId: null,
        targetType: 'organization',
        targetId: row.organizationId,
        before: { ownerMembershipId: row.id, ownerUserId: row.userId },
        after: { ownerMembershipId: null, ownerless: true },
      });
    }
    return E.right(undefined);
  };
