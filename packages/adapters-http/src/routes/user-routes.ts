import * as E from 'fp-ts/lib/Either.js';
import type { Me } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { respondWithError } from '../errors/error-body.js';
import { callerOf } from '../request-auth.js';
import type { Route } from './route.js';

const meBody = ({ user, memberships }: Me) => ({
  user: { id: user.id, idpId: user.idpId, email: user.email, imageUrl: user.imageUrl },
  memberships: memberships.map(({ id, organizationId, organizationName, role, status }) => ({ id, organizationId, organizationName, role, status })),
});

/** `GET /users/me` (with the recovery path) and `DELETE /users/me`. */
export const userRoutes = (services: HttpServices): readonly Route[] => [
  {
    method: 'get',
    path: '/users/me',
    access: 'bearer',
    handler: async (ctx) => {
      const result = await services.getMe(callerOf(ctx.request))();
      if (E.isLeft(result)) return respondWithError(ctx, result.left._tag, result.left.message);
      ctx.body = meBody(result.right);
    },
  },
  {
    method: 'delete',
    path: '/users/me',
    access: 'bearer',
    handler: async (ctx) => {
      await services.deleteSelf({ idpId: callerOf(ctx.request).userId, skipProvider: false })();
      ctx.status = 204;
    },
  },
];
