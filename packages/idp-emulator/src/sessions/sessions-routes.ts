import Router from '@koa/router';
import { openSession, tokenFor } from './issue-session.js';
import type { SessionJson } from './session-json.js';
import { badRequest, notFound } from '../http/api-error.js';
import { optionalInt, readBody, requiredString } from '../http/fields.js';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/** Admin API: create sessions, mint their tokens, revoke them. */
export const sessionsRoutes = (state: EmulatorState): Router => {
  const router = new Router();
  const mustGet = (id: string): SessionJson => {
    const session = state.sessions.get(id);
    if (session === undefined) throw notFound(`No session was found with id ${id}`);
    return session;
  };

  router.post('/v1/sessions', (ctx) => {
    const userId = requiredString(readBody(ctx), 'user_id');
    const user = state.users.get(userId);
    if (user === undefined) throw notFound(`No user was found with id ${userId}`);
    sendJson(ctx, 200, openSession(state, user));
  });

  router.get('/v1/sessions/:id', (ctx) => sendJson(ctx, 200, mustGet(ctx.params['id'] ?? '')));

  router.post('/v1/sessions/:id/tokens', async (ctx) => {
    const lifetime = optionalInt(readBody(ctx), 'expires_in_seconds', 30, 315_360_000);
    const session = mustGet(ctx.params['id'] ?? '');
    const user = state.users.get(session.user_id);
    if (session.status !== 'active' || user === undefined) throw badRequest('session_not_active', 'Session is not active');
    sendJson(ctx, 200, { object: 'token', jwt: await tokenFor(state, session, user, lifetime) });
  });

  router.post('/v1/sessions/:id/revoke', (ctx) => {
    const session = mustGet(ctx.params['id'] ?? '');
    const revoked: SessionJson = { ...session, status: 'revoked', updated_at: state.clock.tick() };
    state.sessions.set(revoked.id, revoked);
    sendJson(ctx, 200, revoked);
  });

  return router;
};
