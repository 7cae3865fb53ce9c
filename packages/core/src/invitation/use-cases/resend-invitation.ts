import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, invitationSnapshot } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { IdentityProviderUnavailable } from '../invitation.errors.js';
import { mayGrant, type AuthorizeDeps } from '../../membership/authorize.js';
import { authorizedWrite, type AuthorizedWriteError, type WriteScope } from '../../membership/authorized-write.js';
import { cannotGrantRole } from '../../membership/membership.errors.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Logger } from '../../shared/logger.js';
import { invitationNotPending, type InvitationRateLimited } from '../invitation.errors.js';
import { askProvider, type InvitationDeps } from '../invitation-steps.js';
import type { IssuedInviteToken } from '../ports/invite-tokens.js';
import { throttleInvitation, type ThrottleInvitationDeps } from '../throttle-invitation.js';
import { manageInvitation, type ManageInvitationError } from '../manage-invitation.js';
import { expiryFrom, toInvitationView, type Invitation, type InvitationId, type InvitationView } from '../invitation.js';

/** The refreshed invitation and its new token (the old one stops working). */
export interface ResentInvitation {
  readonly invitation: InvitationView;
  readonly token: string;
}

/** What resending can answer. */
export type ResendInvitationError = ManageInvitationError | InvitationRateLimited | AuthorizedWriteError | IdentityProviderUnavailable;

/** Ports needed to resend an invitation. */
export interface ResendInvitationDeps extends InvitationDeps, AuthorizeDeps, ThrottleInvitationDeps {
  readonly logger: Logger;
}

// Path 1: the invitee has no account, so the provider mails a fresh ticket (ARCHITECTURE §4); a
// provider that cannot answers 503, the old mail still working.
const mailAgain = (deps: ResendInvitationDeps, invitation: Invitation): TE.TaskEither<IdentityProviderUnavailable, string | null> =>
  invitation.providerInvitationId === null
    ? TE.right(null)
    : pipe(
        askProvider(deps, 'createInvitation', () =>
          deps.idpAdmin.createInvitation({
            email: invitation.email,
            redirectUrl: `${deps.settings.appUrl}/sign-up`,
            publicMetadata: { invitationId: invitation.id },
            expiresInDays: deps.settings.invitationTtlDays,
          }),
        ),
        TE.map((mailed) => mailed.id),
      );

// The replaced ticket is revoked at the provider, so only one mail works: the old one after a
// resend, the new one when the resend was refused; revoking is idempotent.
const forgetMail = (deps: InvitationDeps, ticket: string | null, kept: string | null): TE.TaskEither<never, void> =>
  ticket === null || ticket === kept ? TE.right(undefined) : fromPort(() => deps.idpAdmin.revokeInvitation(ticket));

// Inside the authorized write: the grant checked again, then the new token and expiry stored with their audit entry.
const rotateInStore =
  (deps: ResendInvitationDeps, invitation: Invitation, issued: IssuedInviteToken, providerInvitationId: string | null) =>
  async ({ actor, capability }: WriteScope): Promise<E.Either<ResendInvitationError, ResentInvitation>> => {
    if (!mayGrant(actor, capability, invitation.role)) return E.left(cannotGrantRole(invitation.role));
    const now = deps.clock.now();
    const renewal = { tokenHash: issued.tokenHash, expiresAt: expiryFrom(now, deps.settings.invitationTtlDays), providerInvitationId };
    const rotated = await deps.invitations.rotateToken(invitation.id, renewal, now);
    if (O.isNone(rotated)) return E.left(invitationNotPending());
    await appendAudit(deps, {
      organizationId: invitation.organizationId,
      action: 'invitation.resent',
      actorUserId: actor.userId,
      targetType: 'invitation',
      targetId: invitation.id,
      before: invitationSnapshot(invitation),
      after: invitationSnapshot(rotated.value),
    });
    return E.right({ invitation: toInvitationView(rotated.value), token: issued.token });
  };

/**
 * Resends a pending invitation (`members.invite`, for a role the caller may grant): a new token
 * replaces the old one, which stops working, and the expiry starts again; an invitee without an
 * account gets a new mail from the provider, and the old mail's ticket is revoked. An invitation already
 * past its expiry is moved to `expired` instead (invite again). A resend waits out the invitation's
 * cooldown and draws on the same budgets as an invitation (`InvitationRateLimited` with its wait).
 * The grant is checked again on the caller's locked row (see `authorizedWrite`); a resend refused
 * there, or by a provider that cannot mail (`IdentityProviderUnavailable`), leaves the old mail working.
 *
 * @example
 * await resendInvitation(deps)(request.auth, orgId, invitationId)(); // Right({ invitation, token })
 */
export const resendInvitation =
  (deps: ResendInvitationDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    invitationId: InvitationId,
  ): TE.TaskEither<ResendInvitationError, ResentInvitation> =>
    pipe(
      manageInvitation(deps)(caller, organizationId, invitationId),
      // The cooldown first, so a resend refused by it spends none of the other budgets.
      TE.tap(({ authorized, invitation }) =>
        throttleInvitation(deps, [
          ['resend', invitation.id],
          ['inviter', authorized.actor.userId],
          ['organization', organizationId],
          ['recipient', invitation.email],
        ]),
      ),
      TE.bindW('issued', ({ invitation }) => fromPort(() => deps.inviteTokens.issue(invitation.id))),
      TE.bindW('providerInvitationId', ({ invitation }) => mailAgain(deps, invitation)),
      TE.flatMap(({ authorized, invitation, issued, providerInvitationId }) =>
        pipe(
          authorizedWrite(deps, authorized, [], rotateInStore(deps, invitation, issued, providerInvitationId)),
          TE.orElseFirstW(() => forgetMail(deps, providerInvitationId, invitation.providerInvitationId)),
          // After the commit: a failed resend leaves the old mail working.
          TE.tap(() => forgetMail(deps, invitation.providerInvitationId, providerInvitationId)),
        ),
      ),
    );
