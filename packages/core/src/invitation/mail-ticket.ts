import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { fromPort } from '../shared/from-port.js';
import type { Logger } from '../shared/logger.js';
import type { IdentityProviderUnavailable } from './invitation.errors.js';
import type { Invitation } from './invitation.js';
import { askProvider, revokeInStore, type InvitationDeps } from './invitation-steps.js';

/**
 * Path 1, after the invitation is committed: the provider mails a ticket naming it (`{APP_URL}/sign-up`,
 * our invitation id in its public metadata). When it cannot, the invitation is revoked again (its
 * membership cancelled, audited), so no mail ever names an invitation that does not stand and the
 * inviter may simply retry (`IdentityProviderUnavailable`). A ticket mailed for an invitation that
 * ended meanwhile is revoked at once.
 *
 * @example
 * await mailTicket(deps, stored)(); // Right(the invitation with its providerInvitationId)
 */
export const mailTicket = (
  deps: InvitationDeps & { readonly logger: Logger },
  stored: Invitation,
): TE.TaskEither<IdentityProviderUnavailable, Invitation> =>
  pipe(
    askProvider(deps, 'createInvitation', () =>
      deps.idpAdmin.createInvitation({
        email: stored.email,
        redirectUrl: `${deps.settings.appUrl}/sign-up`,
        publicMetadata: { invitationId: stored.id },
      }),
    ),
    TE.orElseFirstW(() =>
      fromPort(() =>
        deps.unitOfWork.run(() =>
          revokeInStore(deps, stored, 'revoked', 'invitation.revoked', stored.invitedBy, { cause: 'provider_unavailable' }),
        ),
      ),
    ),
    TE.flatMap((mailed) =>
      fromPort(async () => {
        const renewal = { tokenHash: stored.tokenHash, expiresAt: stored.expiresAt, providerInvitationId: mailed.id };
        const attached = await deps.invitations.rotateToken(stored.id, renewal, deps.clock.now());
        // Ended meanwhile (revoked, or accepted by a sign-up of its own): the new ticket must not work.
        if (O.isNone(attached)) await deps.idpAdmin.revokeInvitation(mailed.id);
        return O.getOrElse(() => stored)(attached);
      }),
    ),
  );
