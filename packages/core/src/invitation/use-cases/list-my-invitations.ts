import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../../identity/identity.errors.js';
import { verifiedEmail } from '../../identity/user.js';
import type { Role } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Organizations } from '../../organization/ports/organizations.js';
import type { Clock } from '../../shared/clock.js';
import { fromPort } from '../../shared/from-port.js';
import { isExpired, type InvitationId, type InvitationStatus } from '../invitation.js';
import { requireUser } from '../../identity/require-user.js';
import type { Invitations } from '../ports/invitations.js';

/** An invitation addressed to the caller, as `GET /users/me/invitations` lists it (never a token). */
export interface MyInvitation {
  readonly id: InvitationId;
  readonly organizationId: OrganizationId;
  readonly organizationName: string;
  readonly role: Role;
  readonly status: InvitationStatus;
  readonly expiresAt: Date;
}

/**
 * The pending, unexpired invitations addressed to the caller's email, in every organization: only
 * once the provider reports that primary email verified. Before that the list is empty, not an
 * error, since apps call this at start-up.
 *
 * @example
 * await listMyInvitations({ invitations, organizations, clock })(request.auth)(); // Right({ items: [{ id, organizationName, role, … }] })
 */
export const listMyInvitations =
  (deps: { readonly invitations: Invitations; readonly organizations: Organizations; readonly clock: Clock }) =>
  (caller: AuthPayload): TE.TaskEither<UserNotFound | UserDeleted, { readonly items: readonly MyInvitation[] }> =>
    pipe(
      TE.fromEither(requireUser(caller)),
      TE.flatMap((user) => {
        const email = verifiedEmail(user);
        return email === null ? TE.right([]) : fromPort(() => deps.invitations.listPendingForEmail(email));
      }),
      TE.flatMap((pending) =>
        fromPort(async () => {
          const now = deps.clock.now();
          const items: MyInvitation[] = [];
          for (const invitation of pending.filter((candidate) => !isExpired(candidate, now))) {
            const organization = O.toNullable(await deps.organizations.findById(invitation.organizationId));
            if (organization === null) continue;
            const { id, organizationId, role, status, expiresAt } = invitation;
            items.push({ id, organizationId, organizationName: organization.name, role, status, expiresAt });
          }
          return { items };
        }),
      ),
    );
