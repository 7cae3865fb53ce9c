import Router from '@koa/router';
import { applyUserPatch, mergeMetadata } from './apply-user-patch.js';
import { decodeCreateUser } from './decode-user-input.js';
import { passwordHashOf } from './password-of.js';
import { filterUsers, pageOf } from './list-users-query.js';
import { userJson, type UserJson } from './user-json.js';
import { notFound } from '../http/api-error.js';
import { optionalObject, readBody } from '../http/fields.js';
import { originOf } from '../http/origin.js';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/** Admin API: create, read, list, count, update and delete users; every mutation emits its webhook. */
export const usersRoutes = (state: EmulatorState): Router => {
  const router = new Router();
  const { users, clock, userEvents } = state;
  const mustGet = (id: string): UserJson => {
    const user = users.get(id);
    if (user === undefined) throw notFound(`No user was found with id ${id}`);
    return user;
  };

  // Hash before decoding: decode-and-store then runs without an await in between (email uniqueness).
  router.post('/v1/users', async (ctx) => {
    const body = readBody(ctx);
    const hash = await passwordHashOf(body);
    const user = userJson(decodeCreateUser(body, users), clock.tick());
    users.put(user);
    if (hash !== undefined) users.setPasswordHash(user.id, hash);
    userEvents.created(user, originOf(ctx));
    sendJson(ctx, 200, user);
  });

  router.get('/v1/users', (ctx) => {
    const { limit, offset } = pageOf(ctx.query);
    sendJson(ctx, 200, filterUsers(users.all(), ctx.query).slice(offset, offset + limit));
  });

  router.get('/v1/users/count', (ctx) => {
    sendJson(ctx, 200, { object: 'total_count', total_count: filterUsers(users.all(), ctx.query).length });
  });

  router.get('/v1/users/:id', (ctx) => sendJson(ctx, 200, mustGet(ctx.params['id'] ?? '')));

  router.patch('/v1/users/:id', async (ctx) => {
    const body = readBody(ctx);
    const hash = await passwordHashOf(body);
    const user = applyUserPatch(mustGet(ctx.params['id'] ?? ''), body, clock.tick());
    users.put(user);
    if (hash !== undefined) users.setPasswordHash(user.id, hash);
    userEvents.updated(user, originOf(ctx));
    sendJson(ctx, 200, user);
  });

  router.patch('/v1/users/:id/metadata', (ctx) => {
    const body = readBody(ctx);
    const user = structuredClone(mustGet(ctx.params['id'] ?? ''));
    for (const name of ['public_metadata', 'private_metadata', 'unsafe_metadata'] as const) {
      const patch = optionalObject(body, name);
      if (patch !== undefined) user[name] = mergeMetadata(user[name], patch);
    }
    user.updated_at = clock.tick();
    users.put(user);
    userEvents.updated(user, originOf(ctx));
    sendJson(ctx, 200, user);
  });

  router.delete('/v1/users/:id', (ctx) => {
    const user = mustGet(ctx.params['id'] ?? '');
    users.delete(user.id);
    for (const [id, session] of state.sessions) if (session.user_id === user.id) state.sessions.delete(id);
    userEvents.deleted(user.id, originOf(ctx));
    sendJson(ctx, 200, { object: 'user', id: user.id, deleted: true });
  });

  return router;
};
