import type { JobQueue } from '../jobs/job-queue.js';

/**
 * Ports of the notices the invitation use cases leave for after their commit: each is a durable
 * job, enqueued in the unit of work of the write it follows (see `invitation-jobs.ts`), and sent by
 * the invitations' job handlers off the request path; a failed notice never fails the invitation.
 */
export interface PushDeps {
  readonly jobQueue: JobQueue;
}

export { enqueueAcceptanceNotice as announceAcceptance, enqueueInvitationNotice as announceInvitation } from './invitation-jobs.js';
