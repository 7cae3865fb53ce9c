import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, type AuditTrailDeps } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import { organizationNotFound } from '../organization.errors.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization.js';

/** Ports needed to update an organization. */
export interface UpdateOrganizationDeps extends AuthorizeDeps, AuditTrailDeps {
  readonly unitOfWork: UnitOfWork;
}

/**
 * Renames an organization (`organization.update`: owner, admin) with an `organization.updated`
 * audit entry in the same transaction.
 *
 * @example
 * await updateOrganization(deps)(request.auth, orgId, { name })(); // Right({ id, name, … })
 */
export const updateOrganization =
  (deps: UpdateOrganizationDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, changes: { readonly name: OrganizationName }): TE.TaskEither<AuthorizationError, Organization> =>
    pipe(
      authorize(deps)(caller, organizationId, 'organization.update'),
      TE.flatMap(({ organization, actor }) => () =>
        deps.unitOfWork.run(async () => {
          const renamed = await deps.organizations.rename(organization.id, changes.name, deps.clock.now());
          if (O.isNone(renamed)) return E.left<AuthorizationError, Organization>(organizationNotFound());
          await appendAudit(deps, {
            organizationId: organization.id,
            action: 'organization.updated',
            actorUserId: actor.userId,
            targetType: 'organization',
            targetId: organization.id,
            before: { name: organization.name },
            after: { name: renamed.value.name },
          });
          return E.right(renamed.value);
        }),
      ),
    );
