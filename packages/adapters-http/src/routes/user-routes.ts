import { meJson } from '../responses/json-views.js';
import { MeView } from '../responses/response-codecs.js';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { noContent, ok, replyWith } from '../edge/reply.js';
import type { Route } from './route.js';

/** `GET /users/me` (with the recovery path) and `DELETE /users/me`. */
export const userRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/users/me',
    doc: {
      summary: 'The caller and their live memberships',
      description: "Creates the caller's row from the provider when its webhook has not arrived yet.",
      tag: 'users',
      responses: { 200: { description: 'The caller', body: MeView } },
      errors: ['UserNotFound'],
    },
    // A `then` rather than an await: every `/users/me` answers here (docs/performance.md).
    handle: ({ caller }) =>
      services
        .getMe(caller)()
        .then((result) => replyWith(result, (me) => ok(meJson(me)))),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/users/me',
    doc: {
      summary: "Delete the caller's account",
      description: 'Soft-deletes the local user (memberships cancelled) and deletes the provider user.',
      tag: 'users',
      responses: { 204: { description: 'Deleted' } },
      errors: ['OwnerMustTransferOwnership'],
    },
    handle: async ({ caller }) => replyWith(await services.deleteSelf({ idpId: caller.userId, skipProvider: false })(), noContent),
  }),
];
