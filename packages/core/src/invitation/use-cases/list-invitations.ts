import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { isExpired, toInvitationView, type Invitation, type InvitationView } from '../invitation.js';
import type { Invitations } from '../ports/invitations.js';

/** A pending invitation past its expiry reads as `expired` (spec: treated as expired on every read). */
export const asRead = (invitation: Invitation, now: Date): InvitationView =>
  toInvitationView(invitation.status === 'pending' && isExpired(invitation, now) ? { ...invitation, status: 'expired' } : invitation);

/**
 * The organization's invitations, newest first, never with a token (`members.invite`).
 *
 * @example
 * await listInvitations(deps)(request.auth, orgId, pageRequest())(); // Right({ items, nextCursor })
 */
export const listInvitations =
  (deps: AuthorizeDeps & { readonly invitations: Invitations; readonly clock: Clock }) =>
  (caller: AuthPayload, organizationId: OrganizationId, page: PageRequest): TE.TaskEither<AuthorizationError, Page<InvitationView>> =>
    pipe(
      authorize(deps)(caller, organizationId, 'members.invite'),
      TE.flatMap(() => fromPort(() => deps.invitations.listForOrganization(organizationId, page))),
      TE.map(({ items, nextCursor }) => {
        const now = deps.clock.now();
        return { items: items.map((invitation) => asRead(invitation, now)), nextCursor };
      }),
    );
