import Router from '@koa/router';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/** JWKS: the admin `/v1/jwks` (bearer-checked by the guard) and the public frontend `/.well-known/jwks.json`. */
export const jwksRoutes = (state: EmulatorState): Router => {
  const router = new Router();
  router.get('/v1/jwks', (ctx) => sendJson(ctx, 200, state.keys.jwks()));
  router.get('/.well-known/jwks.json', (ctx) => sendJson(ctx, 200, state.keys.jwks()));
  return router;
};
