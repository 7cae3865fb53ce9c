import type { Me } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { noContent, ok, replyWith } from '../edge/reply.js';
import type { Route } from './route.js';

const meBody = ({ user, memberships }: Me) => ({
  user: { id: user.id, idpId: user.idpId, email: user.email, imageUrl: user.imageUrl },
  memberships: memberships.map(({ id, organizationId, organizationName, role, status }) => ({ id, organizationId, organizationName, role, status })),
});

/** `GET /users/me` (with the recovery path) and `DELETE /users/me`. */
export const userRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/users/me',
    handle: async ({ caller }) => replyWith(await services.getMe(caller)(), (me) => ok(meBody(me))),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/users/me',
    handle: async ({ caller }) => replyWith(await services.deleteSelf({ idpId: caller.userId, skipProvider: false })(), noContent),
  }),
];
