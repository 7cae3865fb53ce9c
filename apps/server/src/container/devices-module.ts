import { ContainerModule } from 'inversify';
import { createExpoNotifications, createLogOnlyNotifications } from '@idv/adapters-notifications';
import { devicesArea, type DevicesArea, type Logger, type Notifications } from '@idv/core';
import type { PushConfig } from '../config/push-config.js';
import { pushReceiptsJob } from '../jobs/push-receipts-job.js';
import { BackgroundWork } from '../observability/background-work.js';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/** The push service the configuration names: Expo's once `EXPO_ACCESS_TOKEN` is set, otherwise log-only. */
export const notificationsOf = (push: PushConfig, logger: Logger): Notifications =>
  push.expo === undefined
    ? createLogOnlyNotifications({ logger })
    : createExpoNotifications({
        accessToken: push.expo.accessToken,
        ...(push.expo.baseUrl === undefined ? {} : { baseUrl: push.expo.baseUrl }),
        receiptDelayMs: push.receiptDelaySeconds * 1000,
        logger,
      });

/**
 * The devices area: devices, the caller's language, the push service, the background work that
 * delivers pushes off the request path (bounded, never failing a request), and the job that reads
 * the push receipts once due and drops the devices they report unregistered.
 */
export const devices: Area<DevicesArea> = {
  services: TOKENS.DevicesArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.Notifications).toDynamicValue((context) => notificationsOf(config.push, context.get(TOKENS.Logger)));
      bind(TOKENS.BackgroundWork).toDynamicValue((context) => new BackgroundWork(context.get(TOKENS.Logger)));
      bind(TOKENS.BackgroundTasks).toService(TOKENS.BackgroundWork);
      bind(TOKENS.DevicesArea).toDynamicValue((context) => devicesArea(portsOf(context)));
      bind(TOKENS.BackgroundJobs).toDynamicValue((context) =>
        pushReceiptsJob(context.get(TOKENS.DevicesArea), context.get(TOKENS.BackgroundTasks), config.push.receiptDelaySeconds),
      );
    }),
};
