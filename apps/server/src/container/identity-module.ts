import { ContainerModule } from 'inversify';
import { identityArea, identityJobHandlers, type IdentityArea } from '@idv/core';
import { userSyncJob } from '../sync/user-sync-job.js';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/**
 * The identity area: authentication, provider webhooks, `/users/me`, self-deletion, national IDs,
 * and the reconciliation with the provider, run every `SYNC_INTERVAL_MINUTES` when set.
 */
export const identity: Area<IdentityArea> = {
  services: TOKENS.IdentityArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.TestAuthBypass).toConstantValue(config.testAuthBypass);
      bind(TOKENS.IdentityArea).toDynamicValue((context) => identityArea(portsOf(context)));
      // The provider user's deletion after `DELETE /users/me`, run by the durable queue's workers.
      bind(TOKENS.JobHandlers).toDynamicValue((context) => identityJobHandlers(portsOf(context)));
      // On demand here; every SYNC_INTERVAL_MINUTES on one instance of the fleet through the durable
      // queue (`identity.sync-users` in PERIODIC_JOBS). Still a background job: its stop ends a run
      // in progress after the current page.
      bind(TOKENS.UserSyncJob).toDynamicValue((context) =>
        userSyncJob({ syncUsers: context.get(TOKENS.IdentityArea).syncUsers, logger: context.get(TOKENS.Logger) }),
      );
      bind(TOKENS.BackgroundJobs).toService(TOKENS.UserSyncJob);
    }),
};
