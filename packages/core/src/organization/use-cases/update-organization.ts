import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, type AuditTrailDeps } from '../../audit/audit-trail.js';
import { emitEvent } from '../../events/emit-event.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorizedWrite, authorizeGrant, type AuthorizedWriteDeps, type AuthorizedWriteError } from '../../membership/authorized-write.js';
import { organizationNotFound, slugTaken, type SlugTaken } from '../organization.errors.js';
import type { OrganizationSlug } from '../organization-slug.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization.js';
import type { Organizations } from '../ports/organizations.js';

/** Ports needed to update an organization. */
export interface UpdateOrganizationDeps extends AuthorizedWriteDeps, AuditTrailDeps {}

/** What a manager may change: its name, its slug, or both. */
export interface OrganizationChanges {
  readonly name?: OrganizationName;
  readonly slug?: OrganizationSlug;
}

/** What updating an organization can answer. */
export type UpdateOrganizationError = AuthorizedWriteError | SlugTaken;

const applyChanges = async (
  organizations: Organizations,
  current: Organization,
  changes: OrganizationChanges,
  at: Date,
): Promise<E.Either<UpdateOrganizationError, Organization>> => {
  let changed = O.some(current);
  if (changes.slug !== undefined && changes.slug !== current.slug) {
    const result = await organizations.changeSlug(current.id, changes.slug, at);
    if (result === 'taken') return E.left(slugTaken());
    changed = result;
  }
  if (changes.name !== undefined) changed = await organizations.rename(current.id, changes.name, at);
  return O.isNone(changed) ? E.left(organizationNotFound()) : E.right(changed.value);
};

/**
 * Renames an organization or changes its slug (`organization.update`: owner, admin, checked again
 * on the caller's locked row, see `authorizedWrite`) with an `organization.updated` audit entry in
 * the same transaction. A slug another organization holds, even a deleted one, answers `SlugTaken`.
 *
 * @example
 * await updateOrganization(deps)(request.auth, orgId, { name, slug })(); // Right({ id, name, slug, … })
 */
export const updateOrganization =
  (deps: UpdateOrganizationDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    changes: OrganizationChanges,
  ): TE.TaskEither<UpdateOrganizationError, Organization> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'organization.update'),
      TE.flatMap((grant) =>
        authorizedWrite(deps, grant, [], async ({ organization, actor }): Promise<E.Either<UpdateOrganizationError, Organization>> => {
          const updated = await applyChanges(deps.organizations, organization, changes, deps.clock.now());
          if (E.isLeft(updated)) return updated;
          await appendAudit(deps, {
            organizationId: organization.id,
            action: 'organization.updated',
            actorUserId: actor.userId,
            targetType: 'organization',
            targetId: organization.id,
            before: { name: organization.name, slug: organization.slug },
            after: { name: updated.right.name, slug: updated.right.slug },
          });
          const changedFields = (['name', 'slug'] as const).filter((field) => updated.right[field] !== organization[field]);
          await emitEvent(deps, 'organization.updated', organization.id, {
            organizationId: organization.id,
            changedFields: [...changedFields],
            updatedAt: updated.right.updatedAt.toISOString(),
          });
          return updated;
        }),
      ),
    );
