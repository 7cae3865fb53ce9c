import Router from '@koa/router';
import { signInWithPassword } from './sign-in-with-password.js';
import { readBody } from '../http/fields.js';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/** Frontend-like password sign-in (public, like `/v1/client/sign_ups`): `POST /v1/client/sign_ins`. */
export const signInsRoutes = (state: EmulatorState): Router => {
  const router = new Router();
  router.post('/v1/client/sign_ins', async (ctx) => {
    sendJson(ctx, 200, await signInWithPassword(state, readBody(ctx)));
  });
  return router;
};
