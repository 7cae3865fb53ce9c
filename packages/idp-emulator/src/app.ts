import Koa from 'koa';
import { koaBody } from 'koa-body';
import { controlRoutes } from './control/control-routes.js';
import { adminGuard } from './http/admin-guard.js';
import { notFound } from './http/api-error.js';
import { errorHandler } from './http/error-handler.js';
import { invitationsRoutes } from './invitations/invitations-routes.js';
import { jwksRoutes } from './keys/jwks-routes.js';
import { organizationsRoutes } from './organizations/organizations-routes.js';
import { sessionsRoutes } from './sessions/sessions-routes.js';
import { signInsRoutes } from './sign-ins/sign-ins-routes.js';
import { ticketsRoutes } from './tickets/tickets-routes.js';
import { emailAddressesRoutes } from './users/email-addresses-routes.js';
import { usersRoutes } from './users/users-routes.js';
import type { EmulatorState } from './emulator-state.js';

/** The emulator's Koa application over shared state. */
export const createApp = (state: EmulatorState): Koa => {
  const app = new Koa();
  app.proxy = false;
  app.use(errorHandler(state.logger));
  app.use(adminGuard(state));
  app.use(koaBody({ json: true, urlencoded: true, multipart: false, text: false, jsonLimit: '1mb' }));
  for (const routes of [
    jwksRoutes,
    usersRoutes,
    emailAddressesRoutes,
    sessionsRoutes,
    invitationsRoutes,
    organizationsRoutes,
    ticketsRoutes,
    signInsRoutes,
    controlRoutes,
  ]) {
    app.use(routes(state).routes());
  }
  app.use((ctx) => {
    throw notFound(`No route matches ${ctx.method} ${ctx.path}`);
  });
  return app;
};
