import * as O from 'fp-ts/lib/Option.js';
import { notifyUser, type NotifyDeps } from '../devices/push.js';
import type { User } from '../identity/user.js';
import type { Organizations } from '../organization/ports/organizations.js';
import type { BackgroundTasks } from '../shared/background-tasks.js';
import type { Invitation } from './invitation.js';

/** Ports of the notifications the invitation use cases start off the request path. */
export interface PushDeps extends NotifyDeps {
  readonly organizations: Organizations;
  readonly background: BackgroundTasks;
}

/** Path 2: tells an existing user, off the request path, that they were invited (never fails the invitation). */
export const announceInvitation = (
  deps: PushDeps,
  invitee: User,
  invitation: Pick<Invitation, 'id' | 'organizationId' | 'role'>,
  organizationName: string,
): void =>
  deps.background.run('notify invitee', async () => {
    await notifyUser(deps)(invitee.id, {
      kind: 'invitation.received',
      organizationId: invitation.organizationId,
      organizationName,
      invitationId: invitation.id,
      role: invitation.role,
    });
  });

/** Tells the inviter, off the request path, that their invitation was accepted (never fails the acceptance). */
export const announceAcceptance = (deps: PushDeps, invitation: Invitation, invitee: User): void =>
  deps.background.run('notify inviter', async () => {
    const organization = O.toNullable(await deps.organizations.findById(invitation.organizationId));
    if (organization === null) return;
    await notifyUser(deps)(invitation.invitedBy, {
      kind: 'invitation.accepted',
      organizationId: invitation.organizationId,
      organizationName: organization.name,
      invitationId: invitation.id,
      inviteeEmail: invitee.email,
    });
  });
