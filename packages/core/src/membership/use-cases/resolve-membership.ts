import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted } from '../../identity/identity.errors.js';
import { requireUserOr } from '../../identity/require-user.js';
import { organizationNotFound, type OrganizationNotFound } from '../../organization/organization.errors.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Membership } from '../membership.js';
import type { Memberships } from '../ports/memberships.js';

/**
 * The caller's own membership in an organization, whatever its status, looked up by the local
 * user (never from a token claim); none is `OrganizationNotFound`.
 *
 * @example
 * await resolveMembership({ memberships })(request.auth, orgId)(); // Right({ role: 'coach', status: 'active', … })
 */
export const resolveMembership =
  (deps: { readonly memberships: Memberships }) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<UserDeleted | OrganizationNotFound, Membership> => {
    const user = requireUserOr(caller, organizationNotFound);
    if (E.isLeft(user)) return TE.left(user.left);
    return pipe(
      fromPort(() => deps.memberships.findForUser(organizationId, user.right.id)),
      TE.flatMap(TE.fromOption((): UserDeleted | OrganizationNotFound => organizationNotFound())),
    );
  };
