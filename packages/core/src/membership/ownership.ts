import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { appendAudit, type AuditTrailDeps } from '../audit/audit-trail.js';
import { membershipChanged } from '../events/change-events.js';
import { emitEvent } from '../events/emit-event.js';
import type { UserId } from '../identity/identifiers.js';
import type { Organizations } from '../organization/ports/organizations.js';
import { membershipChangedConcurrently, type MembershipChangedConcurrently } from './membership.errors.js';
import type { Membership } from './membership.js';
import type { Memberships } from './ports/memberships.js';

/** The two rows an ownership move changed. */
export interface OwnershipMove {
  readonly previousOwner: Membership | null;
  readonly newOwner: Membership;
}

/**
 * Moves ownership inside the caller's unit of work: demotes the current owner to `admin` first,
 * then promotes the target, so the one-live-owner index never sees two owners. Both writes are
 * guarded; losing either race is a Left, which rolls the transaction back. An organization marked
 * ownerless (its owner was deleted at the provider) has an owner again: the mark is cleared.
 */
export const moveOwnership = async (
  deps: AuditTrailDeps & { readonly memberships: Memberships; readonly organizations: Organizations },
  from: Membership | null,
  to: Membership,
  actorUserId: UserId,
): Promise<E.Either<MembershipChangedConcurrently, OwnershipMove>> => {
  const now = deps.clock.now();
  let previousOwner: Membership | null = null;
  if (from !== null) {
    const demoted = await deps.memberships.update(from.id, { role: 'owner', status: from.status }, { role: 'admin' }, now);
    if (O.isNone(demoted)) return E.left(membershipChangedConcurrently());
    previousOwner = demoted.value;
  }
  const promoted = await deps.memberships.update(to.id, { role: to.role, status: 'active' }, { role: 'owner' }, now);
  if (O.isNone(promoted)) return E.left(membershipChangedConcurrently());
  const wasOwnerless = await deps.organizations.clearOwnerless(to.organizationId);
  await appendAudit(deps, {
    organizationId: to.organizationId,
    action: 'ownership.transferred',
    actorUserId,
    targetType: 'membership',
    targetId: to.id,
    before: { ownerMembershipId: from?.id ?? null, role: to.role, ownerless: wasOwnerless },
    after: { ownerMembershipId: to.id, previousOwnerRole: previousOwner?.role ?? null },
  });
  if (from !== null && previousOwner !== null) await membershipChanged(deps, from, previousOwner);
  await membershipChanged(deps, to, promoted.value);
  await emitEvent(deps, 'ownership.transferred', to.organizationId, {
    previousOwnerMembershipId: from?.id ?? null,
    previousOwnerUserId: from?.userId ?? null,
    newOwnerMembershipId: to.id,
    newOwnerUserId: promoted.value.userId,
  });
  return E.right({ previousOwner, newOwner: promoted.value });
};
