import * as E from 'fp-ts/lib/Either.js';
import type * as T from 'fp-ts/lib/Task.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Analytics } from '../../shared/analytics.js';
import type { Logger } from '../../shared/logger.js';
import type { AcceptPendingInvitations } from '../../invitation/use-cases/accept-pending-invitations.js';
import type { UserSync } from '../ports/users.js';

/** What a newly mirrored user sets in motion. */
export interface WelcomeUserDeps {
  readonly analytics: Analytics;
  readonly logger: Logger;
  readonly acceptPendingInvitations: AcceptPendingInvitations;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// spec: analytics failures are logged at warn and not surfaced, with no retry.
const trackSignUp =
  ({ analytics, logger }: WelcomeUserDeps, sync: UserSync): T.Task<void> =>
  async () => {
    const idpId = sync.user.idpId;
    try {
      await analytics.identify(idpId, { userId: sync.user.id });
      await analytics.track(idpId, 'user_signed_up');
    } catch (error) {
      logger.warn({ idpId, err: errorMessage(error) }, 'analytics identify failed');
    }
  };

// spec: acceptPendingInvitations is best effort; a failure is logged at warn and the invitation stays pending.
// The stored row decides (its address and whether verified), not the snapshot: a snapshot older
// than the row was not written.
const acceptInvitations =
  ({ acceptPendingInvitations, logger }: WelcomeUserDeps, sync: UserSync): T.Task<void> =>
  async () => {
    try {
      await acceptPendingInvitations({ user: sync.user, invitationsPending: sync.invitationsPending })();
    } catch (error) {
      logger.warn({ idpId: sync.user.idpId, err: errorMessage(error) }, 'accepting pending invitations failed');
    }
  };

/**
 * Runs the side effects of a user's arrival, whichever path mirrored it: `user_signed_up` once per
 * row actually created, then pending invitations (for the stored primary email, once verified),
 * both best effort. Also runs when an update first stores the primary email verified.
 */
export const welcomeUser =
  (deps: WelcomeUserDeps) =>
  (sync: UserSync): TE.TaskEither<never, UserSync> =>
  // Plain branches rather than a pipe of Tasks, and no call where there is nothing to do: every
  // user.created runs this, and each step costs promises (docs/performance.md).
  async () => {
    if (sync.created) await trackSignUp(deps, sync)();
    // A deleted user accepts nothing; `false` means the store already looked and found nothing pending.
    if (sync.user.deletedAt === null && sync.invitationsPending !== false) await acceptInvitations(deps, sync)();
    return E.right(sync);
  };
