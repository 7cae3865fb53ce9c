import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { IdentityProviderAdmin } from '../../identity/ports/identity-provider-admin.js';
import type { Invitations } from '../../invitation/ports/invitations.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import { fromPort } from '../../shared/from-port.js';
import * as E from 'fp-ts/lib/Either.js';
import { MAX_PAGE_LIMIT, PageCursor, type PagePosition } from '../../shared/pagination.js';
import type { OrganizationId } from '../organization.js';

/** Ports needed to delete an organization. */
export interface DeleteOrganizationDeps extends AuthorizeDeps {
  readonly invitations: Invitations;
  readonly idpAdmin: IdentityProviderAdmin;
}

// The provider invitations still mailed for this organization: their tickets must stop working.
const mailedInvitations = async (deps: DeleteOrganizationDeps, organizationId: OrganizationId): Promise<string[]> => {
  const mailed: string[] = [];
  let cursor: PagePosition | undefined;
  for (;;) {
    const page = await deps.invitations.listForOrganization(organizationId, { limit: MAX_PAGE_LIMIT, ...(cursor === undefined ? {} : { cursor }) });
    for (const invitation of page.items) {
      if (invitation.status === 'pending' && invitation.providerInvitationId !== null) mailed.push(invitation.providerInvitationId);
    }
    const next = page.nextCursor === null ? undefined : PageCursor.decode(page.nextCursor);
    if (next === undefined || E.isLeft(next)) return mailed;
    cursor = next.right;
  }
};

/**
 * Deletes an organization with its memberships, invitations and audit trail (`organization.delete`:
 * the owner only), then revokes the provider invitations it had mailed (revoking is idempotent).
 *
 * @example
 * await deleteOrganization({ organizations, memberships, invitations, idpAdmin })(request.auth, orgId)(); // Right(undefined)
 */
export const deleteOrganization =
  (deps: DeleteOrganizationDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<AuthorizationError, void> =>
    pipe(
      authorize(deps)(caller, organizationId, 'organization.delete'),
      TE.bindTo('authorized'),
      TE.bindW('mailed', () => fromPort(() => mailedInvitations(deps, organizationId))),
      TE.tap(({ authorized }) => fromPort(() => deps.organizations.delete(authorized.organization.id))),
      TE.flatMapTask(({ mailed }) => async () => {
        for (const id of mailed) await deps.idpAdmin.revokeInvitation(id);
      }),
    );
