import * as E from 'fp-ts/lib/Either.js';
import type { Context, Middleware, Next } from 'koa';
import type { AuthenticationFailure, AuthPayload, Logger } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import type { HttpMetrics } from '../observability/http-metrics.js';
import { failure, withHeaders } from '../edge/reply.js';
import { send } from '../edge/send.js';
import { optionalHeader } from '../request-headers.js';
import '../request-auth.js';

const RETRY_AFTER_SECONDS = 5;

/**
 * Applies the spec's ordered authentication rules to one route: `public` routes pass; otherwise
 * the caller must authenticate, and `request.auth` is set. Failures answer 401 with a
 * `WWW-Authenticate` challenge; the reason goes to the log, never to the client. A token that
 * could not be judged (the provider's keys unreachable) answers 503 with `Retry-After`. A caller whose
 * user was soft-deleted gets 410 `UserDeleted`, whatever the route. An `optional` route lets a
 * request without credentials through as anonymous (`request.auth` null) and judges one with them as
 * a bearer route does.
 */
export const authentication = (
  services: HttpServices,
  logger: Logger,
  access: 'public' | 'bearer' | 'optional',
  metrics: HttpMetrics,
): Middleware => {
  const admit = (ctx: Context, next: Next, result: E.Either<AuthenticationFailure, AuthPayload | null>): Promise<void> | void => {
    if (E.isLeft(result)) metrics.tokenFailure(result.left.reason);
    if (E.isLeft(result) && result.left._tag === 'AuthenticationUnavailable') {
      // The token was never judged (provider keys unreachable); a 401 would sign the user out.
      logger.warn(
        { reason: result.left.reason, method: ctx.method, path: ctx.path },
        'request not authenticated: verification unavailable',
      );
      return send(
        ctx,
        withHeaders(failure({ _tag: 'AuthenticationUnavailable', message: result.left.message }), {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        }),
      );
    }
    if (E.isLeft(result)) {
      logger.info({ reason: result.left.reason, method: ctx.method, path: ctx.path }, 'request not authenticated');
      const challenge = result.left.reason === 'missing-bearer' ? 'Bearer' : 'Bearer error="invalid_token"';
      return send(ctx, withHeaders(failure({ _tag: 'Unauthenticated', message: result.left.message }), { 'WWW-Authenticate': challenge }));
    }
    // A soft-deleted user's still-valid token is refused on every bearer route, in one place.
    if (result.right?.user?.deletedAt != null) return send(ctx, failure({ _tag: 'UserDeleted', message: 'User has been deleted' }));
    ctx.request.auth = result.right;
    return next();
  };
  return (ctx, next) => {
    if (
      access === 'optional' &&
      optionalHeader(ctx, 'authorization') === undefined &&
      optionalHeader(ctx, 'x-test-user-id') === undefined
    ) {
      ctx.request.auth = null;
      return next();
    }
    const authenticate = services.authenticateRequest({
      isPublic: access === 'public',
      authorization: optionalHeader(ctx, 'authorization'),
      testUserId: optionalHeader(ctx, 'x-test-user-id'),
      testSessionId: optionalHeader(ctx, 'x-test-session-id'),
      testRole: optionalHeader(ctx, 'x-test-role'),
    });
    // A `then` rather than two awaits: every bearer request passes here, and with the request
    // scope's hooks on, each promise an await adds costs about a thousand instructions (docs/performance.md).
    return authenticate().then((result) => admit(ctx, next, result));
  };
};
