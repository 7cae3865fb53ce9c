import { ContainerModule } from 'inversify';
import { createExpoNotifications, createLogOnlyNotifications } from '@idv/adapters-notifications';
import { devicesArea, type Logger, type Notifications } from '@idv/core';
import type { PushConfig } from '../config/push-config.js';
import type { AppConfig } from '../config/app-config.js';
import { resolveArea } from './bind-area.js';
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

/** The devices area (issue #14): devices, the caller's language, and the push service. */
export const devicesModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Notifications).toResolvedValue((logger) => notificationsOf(config.push, logger), [TOKENS.Logger]);
    bind(TOKENS.DevicesArea).toResolvedValue(
      ...resolveArea(devicesArea, {
        devices: TOKENS.Devices,
        notifications: TOKENS.Notifications,
        users: TOKENS.Users,
        clock: TOKENS.Clock,
        logger: TOKENS.Logger,
      }),
    );
  });
