import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import { fromPort } from '../../shared/from-port.js';
import type { OrganizationId } from '../organization.js';

/**
 * Deletes an organization with its memberships, invitations and audit trail (`organization.delete`:
 * the owner only).
 *
 * @example
 * await deleteOrganization({ organizations, memberships })(request.auth, orgId)(); // Right(undefined)
 */
export const deleteOrganization =
  (deps: AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<AuthorizationError, void> =>
    pipe(
      authorize(deps)(caller, organizationId, 'organization.delete'),
      TE.flatMap(({ organization }) => fromPort(() => deps.organizations.delete(organization.id))),
      TE.map(() => undefined),
    );
