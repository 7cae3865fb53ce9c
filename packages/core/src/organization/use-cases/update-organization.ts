import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, type AuditTrailDeps } from '../../audit/audit-trail.js';
import { emitEvent } from '../../events/emit-event.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorizedWrite, authorizeGrant, type AuthorizedWriteDeps, type AuthorizedWriteError } from '../../membership/authorized-write.js';
import { organizationNotFound } from '../organization.errors.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization.js';

/** Ports needed to update an organization. */
export interface UpdateOrganizationDeps extends AuthorizedWriteDeps, AuditTrailDeps {}

/**
 * Renames an organization (`organization.update`: owner, admin, checked again on the caller's
 * locked row, see `authorizedWrite`) with an `organization.updated` audit entry in the same transaction.
 *
 * @example
 * await updateOrganization(deps)(request.auth, orgId, { name })(); // Right({ id, name, … })
 */
export const updateOrganization =
  (deps: UpdateOrganizationDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    changes: { readonly name: OrganizationName },
  ): TE.TaskEither<AuthorizedWriteError, Organization> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'organization.update'),
      TE.flatMap((grant) =>
        authorizedWrite(deps, grant, [], async ({ organization, actor }): Promise<E.Either<AuthorizedWriteError, Organization>> => {
          const renamed = await deps.organizations.rename(organization.id, changes.name, deps.clock.now());
          if (O.isNone(renamed)) return E.left(organizationNotFound());
          await appendAudit(deps, {
            organizationId: organization.id,
            action: 'organization.updated',
            actorUserId: actor.userId,
            targetType: 'organization',
            targetId: organization.id,
            before: { name: organization.name },
            after: { name: renamed.value.name },
          });
          await emitEvent(deps, 'organization.updated', organization.id, {
            organizationId: organization.id,
            changedFields: renamed.value.name === organization.name ? [] : ['name'],
            updatedAt: renamed.value.updatedAt.toISOString(),
          });
          return E.right(renamed.value);
        }),
      ),
    );
