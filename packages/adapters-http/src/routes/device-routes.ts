import * as O from 'fp-ts/lib/Option.js';
import { requestLocale } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, noContent, ok, replyWith } from '../edge/reply.js';
import { DeviceParams, RegisterDeviceBody } from '../requests/device-requests.js';
import { deviceJson } from '../responses/json-views.js';
import { DeviceEnvelope, DeviceList } from '../responses/response-codecs.js';
import type { Route } from './route.js';

/** Register or update (201 new, 200 updated), revoke (204, idempotent) and list the caller's devices. */
export const deviceRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'put',
    path: '/users/me/devices/:installationId',
    params: DeviceParams,
    body: RegisterDeviceBody,
    doc: {
      summary: "Register or update one of the caller's devices",
      description:
        "The push token moves here from any other device, another user's included. The device keeps the language the request names (`X-Locale`, else `Accept-Language`); a request naming none keeps the stored one.",
      tag: 'devices',
      responses: { 201: { description: 'Registered', body: DeviceEnvelope }, 200: { description: 'Updated', body: DeviceEnvelope } },
      errors: ['UserNotFound'],
    },
    handle: async ({ caller, params, body, header }) => {
      const locale = requestLocale({ xLocale: header('x-locale'), acceptLanguage: header('accept-language') });
      const input = {
        installationId: params.installationId,
        pushToken: body.pushToken,
        platform: body.platform,
        appVersion: body.appVersion ?? null,
        locale: O.toNullable(locale),
      };
      return replyWith(await services.registerDevice(caller, input)(), ({ device, created: isNew }) =>
        (isNew ? created : ok)({ device: deviceJson(device) }),
      );
    },
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/users/me/devices/:installationId',
    params: DeviceParams,
    doc: {
      summary: "Revoke one of the caller's devices",
      description: 'Idempotent: the mobile sign-out calls it before clearing the session.',
      tag: 'devices',
      responses: { 204: { description: 'Revoked, or nothing to revoke' } },
    },
    handle: async ({ caller, params }) => replyWith(await services.revokeDevice(caller, params.installationId)(), noContent),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/users/me/devices',
    doc: {
      summary: "The caller's devices",
      tag: 'devices',
      responses: { 200: { description: 'Oldest registration first; push tokens masked', body: DeviceList } },
    },
    handle: async ({ caller }) => replyWith(await services.listDevices(caller)(), (devices) => ok({ items: devices.map(deviceJson) })),
  }),
];
