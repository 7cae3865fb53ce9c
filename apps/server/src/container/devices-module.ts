import { ContainerModule } from 'inversify';
import { createExpoNotifications, createLogOnlyNotifications } from '@idv/adapters-notifications';
import { devicesArea, pushReceiptJobHandlers, type DevicesArea, type Logger, type Notifications } from '@idv/core';
import type { PushConfig } from '../config/push-config.js';
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
        logger,
      });

/**
 * The devices area: devices, the caller's language, the push service, the background work that
 * delivers pushes off the request path (bounded, never failing a request), and the durable job
 * (`devices.read-receipts`, under `TOKENS.JobHandlers`) that reads push receipts once due and drops
 * the devices they report unregistered.
 */
export const devices: Area<DevicesArea> = {
  services: TOKENS.DevicesArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.Notifications).toDynamicValue((context) => notificationsOf(config.push, context.get(TOKENS.Logger)));
      bind(TOKENS.BackgroundWork).toDynamicValue((context) => new BackgroundWork(context.get(TOKENS.Logger)));
      bind(TOKENS.BackgroundTasks).toService(TOKENS.BackgroundWork);
      bind(TOKENS.DevicesArea).toDynamicValue((context) => devicesArea(portsOf(context)));
      bind(TOKENS.PushSettings).toConstantValue({ receiptDelaySeconds: config.push.receiptDelaySeconds });
      bind(TOKENS.JobHandlers).toDynamicValue((context) => pushReceiptJobHandlers(portsOf(context)));
    }),
};
