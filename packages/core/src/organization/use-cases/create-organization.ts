import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit, type AuditTrailDeps } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../../identity/identity.errors.js';
import { requireUser } from '../../identity/require-user.js';
import type { Membership, MembershipId } from '../../membership/membership.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import { emitEvent } from '../../events/emit-event.js';
import { membershipCreated } from '../../events/change-events.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import { slugBase, slugCandidates, type OrganizationSlug } from '../organization-slug.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization.js';
import type { Organizations } from '../ports/organizations.js';

/** Ports needed to create an organization. */
export interface CreateOrganizationDeps extends AuditTrailDeps {
  readonly organizations: Organizations;
  readonly memberships: Memberships;
  readonly unitOfWork: UnitOfWork;
}

/** The new organization and the caller's owner membership. */
export interface CreatedOrganization {
  readonly organization: Organization;
  readonly membership: Membership;
}

const RANDOM_SUFFIXES = 5;

/**
 * Inserts the organization under the first free slug its name suggests (`slugCandidates`): each try
 * is one guarded insert, so two organizations of the same name created at once never share a slug.
 */
const insertWithFreeSlug = async (deps: CreateOrganizationDeps, fields: Omit<Organization, 'slug'>): Promise<Organization> => {
  const suffixes = Array.from({ length: RANDOM_SUFFIXES }, () => deps.ids.uuid().replace(/-/g, '').slice(0, 6));
  for (const slug of slugCandidates(slugBase(fields.name), suffixes)) {
    const organization: Organization = { ...fields, slug: slug as OrganizationSlug };
    if (await deps.organizations.create(organization)) return organization;
  }
  throw new Error('no free slug for a new organization after every candidate');
};

/** What creating an organization can answer. */
export type CreateOrganizationError = UserNotFound | UserDeleted;

/**
 * Creates an organization with the caller as its one active owner, in one transaction with its
 * `organization.created` audit entry. Its slug comes from its name (see `slugCandidates`). The caller must have a local, undeleted user.
 *
 * @example
 * await createOrganization(deps)(request.auth, { name })(); // Right({ organization, membership: { role: 'owner', status: 'active', … } })
 */
export const createOrganization =
  (deps: CreateOrganizationDeps) =>
  (caller: AuthPayload, input: { readonly name: OrganizationName }): TE.TaskEither<CreateOrganizationError, CreatedOrganization> => {
    const found = requireUser(caller);
    if (E.isLeft(found)) return TE.left(found.left);
    const user = found.right;
    return () =>
      deps.unitOfWork.run(async () => {
        const now = deps.clock.now();
        const organization = await insertWithFreeSlug(deps, {
          id: deps.ids.uuid() as OrganizationId,
          name: input.name,
          createdAt: now,
          updatedAt: now,
        });
        const membership: Membership = {
          id: deps.ids.uuid() as MembershipId,
          organizationId: organization.id,
          userId: user.id,
          role: 'owner',
          status: 'active',
          email: user.email,
          createdAt: now,
          updatedAt: now,
        };
        await deps.memberships.insert(membership);
        await appendAudit(deps, {
          organizationId: organization.id,
          action: 'organization.created',
          actorUserId: user.id,
          targetType: 'organization',
          targetId: organization.id,
          before: null,
          after: { name: organization.name, slug: organization.slug, ownerMembershipId: membership.id },
        });
        // organization.created reaches the feed only: no endpoint can exist yet.
        await emitEvent(deps, 'organization.created', organization.id, {
          organizationId: organization.id,
          ownerMembershipId: membership.id,
          ownerUserId: user.id,
          createdAt: now.toISOString(),
        });
        await membershipCreated(deps, membership);
        return E.right({ organization, membership });
      });
  };
