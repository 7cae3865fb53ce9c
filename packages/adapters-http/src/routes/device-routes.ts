import * as O from 'fp-ts/lib/Option.js';
import { maskPushToken, requestLocale, type Device } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, noContent, ok, replyWith } from '../edge/reply.js';
import { DeviceParams, RegisterDeviceBody } from '../requests/device-requests.js';
import type { Route } from './route.js';

/** A device as the API shows it: the push token masked to its last four characters, never whole. */
export const deviceJson = (device: Device) => ({
  installationId: device.installationId,
  platform: device.platform,
  appVersion: device.appVersion,
  locale: device.locale,
  pushToken: maskPushToken(device.pushToken),
  createdAt: device.createdAt.toISOString(),
  updatedAt: device.updatedAt.toISOString(),
});

/** Issue #14: register or update (201 new, 200 updated), revoke (204, idempotent) and list the caller's devices. */
export const deviceRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'put',
    path: '/users/me/devices/:installationId',
    params: DeviceParams,
    body: RegisterDeviceBody,
    handle: async ({ caller, params, body, header }) => {
      const locale = requestLocale({ xLocale: header('x-locale'), acceptLanguage: header('accept-language') });
      const input = { installationId: params.installationId, pushToken: body.pushToken, platform: body.platform, appVersion: body.appVersion ?? null, locale: O.toNullable(locale) };
      return replyWith(await services.registerDevice(caller, input)(), ({ device, created: isNew }) => (isNew ? created : ok)({ device: deviceJson(device) }));
    },
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/users/me/devices/:installationId',
    params: DeviceParams,
    handle: async ({ caller, params }) => replyWith(await services.revokeDevice(caller, params.installationId)(), noContent),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/users/me/devices',
    handle: async ({ caller }) => replyWith(await services.listDevices(caller)(), (devices) => ok({ items: devices.map(deviceJson) })),
  }),
];
