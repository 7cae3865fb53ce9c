import * as t from 'io-ts';
import { decodeJob } from '../jobs/decode-job.js';
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js';
import { IdpUserId } from './identifiers.js';
import type { IdentityProviderAdmin } from './ports/identity-provider-admin.js';

/** The identity area's jobs, by name. */
export const IDENTITY_JOBS = {
  /** After `DELETE /users/me`: the provider user goes too. */
  deleteProviderUser: 'identity.delete-provider-user',
} as const;

const DeleteProviderUser = t.type({ idpId: IdpUserId });

/** Enqueues the provider user's deletion, inside the unit of work of the local one. */
export const enqueueProviderUserDeletion = (deps: { readonly jobQueue: JobQueue }, idpId: IdpUserId): Promise<void> =>
  deps.jobQueue.enqueue(IDENTITY_JOBS.deleteProviderUser, { idpId });

/**
 * The handlers of the identity area's jobs. Deleting a provider user already gone succeeds (the
 * admin API's 404 is success), so a retry after a crash converges; a provider that is down fails
 * the attempt, retried with backoff.
 *
 * @example
 * const handlers = identityJobHandlers({ idpAdmin });
 */
export const identityJobHandlers = (deps: { readonly idpAdmin: IdentityProviderAdmin }): JobHandlers => ({
  [IDENTITY_JOBS.deleteProviderUser]: async (data) => {
    const { idpId } = decodeJob(DeleteProviderUser, IDENTITY_JOBS.deleteProviderUser, data);
    await deps.idpAdmin.deleteUser(idpId);
  },
});
