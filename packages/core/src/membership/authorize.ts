import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { PLATFORM_ADMIN_ROLE, type AuthPayload } from '../identity/auth-payload.js';
import type { UserId } from '../identity/identifiers.js';
import type { UserDeleted } from '../identity/identity.errors.js';
import { requireUserOr } from '../identity/require-user.js';
import { organizationNotFound, type OrganizationNotFound } from '../organization/organization.errors.js';
import type { Organization, OrganizationId } from '../organization/organization.js';
import type { Organizations } from '../organization/ports/organizations.js';
import { can, PLATFORM_ADMIN_CAPABILITIES, type Capability } from './capability.js';
import { forbidden, type Forbidden } from './membership.errors.js';
import { canGrant, type Membership, type Role } from './membership.js';
import type { Memberships } from './ports/memberships.js';

/** Who is acting: an active member whose role holds the capability, or a Platform Admin acting as such. */
export type Actor =
  | { readonly kind: 'member'; readonly userId: UserId; readonly membership: Membership; readonly platformAdmin: boolean }
  | { readonly kind: 'platform_admin'; readonly userId: UserId; readonly membership: Membership | null };

/** A successful authorization: the organization and who acts in it. */
export interface Authorized {
  readonly organization: Organization;
  readonly actor: Actor;
}

/** What `authorize` can answer. */
export type AuthorizationError = UserDeleted | OrganizationNotFound | Forbidden;

/** Ports `authorize` reads. */
export interface AuthorizeDeps {
  readonly organizations: Organizations;
  readonly memberships: Memberships;
}

/** Whether the actor may override owner protection (Platform Admin). */
export const actsAsPlatformAdmin = (actor: Actor): boolean => actor.kind === 'platform_admin' || actor.platformAdmin;

/** The actor's role in the organization, when it holds an active membership. */
export const actorRole = (actor: Actor): Membership['role'] | null =>
  actor.kind === 'member' ? actor.membership.role : actor.membership?.status === 'active' ? actor.membership.role : null;

/** Whether the actor holds the capability: through an active membership's role, or as a Platform Admin (`PLATFORM_ADMIN_CAPABILITIES`). */
export const holds = (actor: Actor, capability: Capability): boolean => {
  const role = actorRole(actor);
  return (role !== null && can(role, capability)) || (actsAsPlatformAdmin(actor) && PLATFORM_ADMIN_CAPABILITIES.includes(capability));
};

/**
 * Who sees the whole roster: holders of `members.list` (owner, admin, coach) and Platform Admins.
 * Anyone else who may read the organization sees only their own membership (spec: members never
 * see another member's data).
 */
export const seesRoster = (actor: Actor): boolean => holds(actor, 'members.list');

/**
 * Whether the actor may hand out `role` while acting under `capability` (`members.invite` to
 * invite, resend or revoke; `members.manage` to change a role). `owner` never: only a transfer
 * moves it. A Platform Admin may grant any other role where Platform Admins hold the capability
 * (`members.manage`); elsewhere (`members.invite`) they act by their own membership like anyone.
 * Everyone else grants only below their own rank (`canGrant`).
 */
export const mayGrant = (actor: Actor, capability: Capability, role: Role): boolean => {
  if (role === 'owner') return false;
  if (actsAsPlatformAdmin(actor) && PLATFORM_ADMIN_CAPABILITIES.includes(capability)) return true;
  const own = actorRole(actor);
  return own !== null && canGrant(own, role);
};

/**
 * Who acts, or why not, given the caller's membership row as it stands: the one rule `authorize`
 * applies, and `authorizedWrite` applies again to the row it locked.
 */
export const decide = (
  userId: UserId,
  caller: AuthPayload,
  capability: Capability,
  membership: O.Option<Membership>,
): Actor | AuthorizationError => {
  const platformAdmin = caller.role === PLATFORM_ADMIN_ROLE;
  const row = O.toNullable(membership);
  if (row !== null && row.status === 'active' && can(row.role, capability)) {
    return { kind: 'member', userId, membership: row, platformAdmin };
  }
  if (platformAdmin && PLATFORM_ADMIN_CAPABILITIES.includes(capability)) {
    return row !== null && row.status === 'active'
      ? { kind: 'member', userId, membership: row, platformAdmin }
      : { kind: 'platform_admin', userId, membership: row };
  }
  // spec: a non-member gets 404 for the organization (no enumeration); a member without the capability, 403.
  if (row === null && !platformAdmin) return organizationNotFound();
  return row !== null && row.status !== 'active' ? forbidden(capability, `Your membership is ${row.status}`) : forbidden(capability);
};

/** Whether `decide` answered an actor. */
export const isActor = (value: Actor | AuthorizationError): value is Actor => 'kind' in value;

/**
 * The one authorization check of every organization use case: resolves the caller's membership in
 * `organizationId` through the Memberships port (never from a token claim) and checks the
 * capability table. A deleted caller gets `UserDeleted`; a caller with no local row, a missing
 * organization or a non-member gets `OrganizationNotFound`; a membership that is not `active`
 * holds no capabilities (`Forbidden`). A Platform Admin (`auth.role === 'platform_admin'`) holds
 * `PLATFORM_ADMIN_CAPABILITIES` in every organization, member or not.
 *
 * @example
 * const authorized = await authorize({ organizations, memberships })(request.auth, orgId, "members.invite")(); // Right({ organization, actor })
 */
export const authorize =
  (deps: AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, capability: Capability): TE.TaskEither<AuthorizationError, Authorized> => {
    const found = requireUserOr(caller, organizationNotFound);
    if (E.isLeft(found)) return TE.left(found.left);
    const user = found.right;
    // Every organization route runs this: one async step rather than a pipe of Tasks, since each
    // Task step costs promises (docs/performance.md).
    return async () => {
      const organization = await deps.organizations.findById(organizationId);
      if (O.isNone(organization)) return E.left(organizationNotFound());
      const decision = decide(user.id, caller, capability, await deps.memberships.findForUser(organizationId, user.id));
      return isActor(decision) ? E.right({ organization: organization.value, actor: decision }) : E.left(decision);
    };
  };
