import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { Organization, OrganizationId } from '../organization.js';

/**
 * Reads an organization the caller belongs to (`organization.read`); a non-member gets
 * `OrganizationNotFound`, as if it did not exist.
 *
 * @example
 * await getOrganization({ organizations, memberships })(request.auth, orgId)(); // Right({ id, name, … })
 */
export const getOrganization =
  (deps: AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<AuthorizationError, Organization> =>
    pipe(
      authorize(deps)(caller, organizationId, 'organization.read'),
      TE.map(({ organization }) => organization),
    );
