import { ContainerModule } from 'inversify';
import { identityArea, type IdentityArea } from '@idv/core';
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
      bind(TOKENS.UserSyncJob).toDynamicValue((context) =>
        userSyncJob({
          syncUsers: context.get(TOKENS.IdentityArea).syncUsers,
          logger: context.get(TOKENS.Logger),
          errorTracker: context.get(TOKENS.ErrorTracker),
          ...(config.syncIntervalMinutes === undefined ? {} : { intervalMs: config.syncIntervalMinutes * 60_000 }),
        }),
      );
      bind(TOKENS.BackgroundJobs).toService(TOKENS.UserSyncJob);
    }),
};
