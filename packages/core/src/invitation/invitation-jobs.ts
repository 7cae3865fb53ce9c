import * as O from 'fp-ts/lib/Option.js';
import * as t from 'io-ts';
import { notifyUser, type NotifyDeps } from '../devices/push.js';
import { UserId } from '../identity/identifiers.js';
import type { User } from '../identity/user.js';
import { decodeJob } from '../jobs/decode-job.js';
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js';
import { Role } from '../membership/membership.js';
import { OrganizationId } from '../organization/organization.js';
import type { Organizations } from '../organization/ports/organizations.js';
import type { IdentityProviderAdmin } from '../identity/ports/identity-provider-admin.js';
import type { Clock } from '../shared/clock.js';
import { InvitationId, type Invitation } from './invitation.js';
import type { InvitationSettings } from './invitation-steps.js';
import type { Invitations } from './ports/invitations.js';

/** The invitations' jobs, by name. */
export const INVITATION_JOBS = {
  /** Path 2: tell an existing user's devices they were invited. */
  notifyInvitee: 'invitations.notify-invitee',
  /** Tell the inviter's devices their invitation was accepted. */
  notifyInviter: 'invitations.notify-inviter',
  /** Revoke the provider's invitation (the ticket mail of path 1) of a revoked invitation. */
  revokeAtProvider: 'invitations.revoke-at-provider',
  /** Path 1 for an invitation nobody waits on (a purchase's): the provider mails the sign-up ticket. */
  mailTicket: 'invitations.mail-ticket',
} as const;

const MailTicket = t.type({ invitationId: InvitationId });

/**
 * Path 1 as a durable follow-up: enqueued inside the unit of work that stores the invitation, so the
 * provider's ticket mail goes out iff the invitation committed, and is retried until it does.
 */
export const enqueueTicketMail = (deps: InvitationNoticeDeps, invitationId: InvitationId): Promise<void> =>
  deps.jobQueue.enqueue(INVITATION_JOBS.mailTicket, { invitationId });

const RevokeAtProvider = t.type({ providerInvitationId: t.string });

/** Enqueues the revocation of the provider's invitation, inside the unit of work of the local revoke. */
export const enqueueProviderRevocation = (deps: InvitationNoticeDeps, providerInvitationId: string): Promise<void> =>
  deps.jobQueue.enqueue(INVITATION_JOBS.revokeAtProvider, { providerInvitationId });

const NotifyInvitee = t.type({
  userId: UserId,
  organizationId: OrganizationId,
  organizationName: t.string,
  invitationId: InvitationId,
  role: Role,
});

const NotifyInviter = t.type({
  inviterId: UserId,
  organizationId: OrganizationId,
  invitationId: InvitationId,
  inviteeEmail: t.union([t.string, t.null]),
});

/** What enqueueing an invitation's notices needs: the durable queue, joined to the caller's unit of work. */
export interface InvitationNoticeDeps {
  readonly jobQueue: JobQueue;
}

/**
 * Path 2: enqueues the invitee's notice. Called inside the unit of work that stores the invitation,
 * so the notice exists if and only if the invitation committed.
 */
export const enqueueInvitationNotice = (
  deps: InvitationNoticeDeps,
  invitee: Pick<User, 'id'>,
  invitation: Pick<Invitation, 'id' | 'organizationId' | 'role'>,
  organizationName: string,
): Promise<void> =>
  deps.jobQueue.enqueue(INVITATION_JOBS.notifyInvitee, {
    userId: invitee.id,
    organizationId: invitation.organizationId,
    organizationName,
    invitationId: invitation.id,
    role: invitation.role,
  });

/** Enqueues the inviter's notice of an acceptance, inside the unit of work that claims the invitation. */
export const enqueueAcceptanceNotice = (
  deps: InvitationNoticeDeps,
  invitation: Pick<Invitation, 'id' | 'organizationId' | 'invitedBy'>,
  invitee: Pick<User, 'email'>,
): Promise<void> =>
  deps.jobQueue.enqueue(INVITATION_JOBS.notifyInviter, {
    inviterId: invitation.invitedBy,
    organizationId: invitation.organizationId,
    invitationId: invitation.id,
    inviteeEmail: invitee.email,
  });

/** What the invitations' job handlers need. */
export interface InvitationJobDeps extends NotifyDeps {
  readonly organizations: Organizations;
  readonly idpAdmin: IdentityProviderAdmin;
  readonly invitations: Invitations;
  readonly settings: InvitationSettings;
  readonly clock: Clock;
}

/**
 * The handlers of the invitations' jobs. Each sends its pushes (a push service that refuses them all
 * fails the attempt, retried; sending again after a crash repeats a notice, never a write), or
 * revokes a provider invitation (idempotent at the provider).
 *
 * @example
 * const handlers = invitationJobHandlers({ devices, notifications, logger, organizations, idpAdmin });
 * await handlers['invitations.notify-invitee']!(data);
 */
export const invitationJobHandlers = (deps: InvitationJobDeps): JobHandlers => ({
  [INVITATION_JOBS.notifyInvitee]: async (data) => {
    const job = decodeJob(NotifyInvitee, INVITATION_JOBS.notifyInvitee, data);
    await notifyUser(deps)(job.userId, {
      kind: 'invitation.received',
      organizationId: job.organizationId,
      organizationName: job.organizationName,
      invitationId: job.invitationId,
      role: job.role,
    });
  },
  // Revoking at the provider is idempotent there, so a retry converges.
  [INVITATION_JOBS.revokeAtProvider]: async (data) => {
    const { providerInvitationId } = decodeJob(RevokeAtProvider, INVITATION_JOBS.revokeAtProvider, data);
    await deps.idpAdmin.revokeInvitation(providerInvitationId);
  },
  // The provider mails the ticket (our invitation id in its public metadata); the invitation keeps the
  // provider's id so a revoke reaches it. A failure rejects, and the queue retries.
  [INVITATION_JOBS.mailTicket]: async (data) => {
    const { invitationId } = decodeJob(MailTicket, INVITATION_JOBS.mailTicket, data);
    const invitation = O.toNullable(await deps.invitations.findById(invitationId));
    if (invitation === null || invitation.status !== 'pending' || invitation.providerInvitationId !== null) return;
    const mailed = await deps.idpAdmin.createInvitation({
      email: invitation.email,
      redirectUrl: `${deps.settings.appUrl}/sign-up`,
      publicMetadata: { invitationId: invitation.id },
    });
    const renewal = { tokenHash: invitation.tokenHash, expiresAt: invitation.expiresAt, providerInvitationId: mailed.id };
    const attached = await deps.invitations.rotateToken(invitation.id, renewal, deps.clock.now());
    // Ended meanwhile: the new ticket must not work.
    if (O.isNone(attached)) await deps.idpAdmin.revokeInvitation(mailed.id);
  },
  [INVITATION_JOBS.notifyInviter]: async (data) => {
    const job = decodeJob(NotifyInviter, INVITATION_JOBS.notifyInviter, data);
    // An organization deleted meanwhile: nobody to tell about it.
    const organization = O.toNullable(await deps.organizations.findById(job.organizationId));
    if (organization === null) return;
    await notifyUser(deps)(job.inviterId, {
      kind: 'invitation.accepted',
      organizationId: job.organizationId,
      organizationName: organization.name,
      invitationId: job.invitationId,
      inviteeEmail: job.inviteeEmail,
    });
  },
});
