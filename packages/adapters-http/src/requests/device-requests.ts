import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { AppVersion, InstallationId, Platform, PushToken, maskPushToken, withJsonSchema } from '@idv/core';

/** `/users/me/devices/:installationId`. */
export const DeviceParams = t.type({ installationId: InstallationId }, 'DeviceParams');

/**
 * `PushToken`, whose failures never echo the value whole: a validation error names only its last
 * four characters, as every log line and response does.
 */
const PushTokenInput = withJsonSchema(
  new t.Type<PushToken, string, unknown>(
    'PushToken',
    PushToken.is,
    (input, context) =>
      E.isRight(PushToken.decode(input))
        ? t.success(input as PushToken)
        : t.failure(
            typeof input === 'string' ? maskPushToken(input) : input,
            context,
            'expected a push token of 16–4096 printable characters without spaces',
          ),
    (token) => token,
  ),
  PushToken.jsonSchema,
);

/** `PUT /users/me/devices/:installationId`: `{ pushToken, platform, appVersion? }`. */
export const RegisterDeviceBody = t.intersection(
  [t.type({ pushToken: PushTokenInput, platform: Platform }), t.partial({ appVersion: t.union([AppVersion, t.null]) })],
  'RegisterDeviceBody',
);
