import Router from '@koa/router';
import { signUpWithTicket } from './sign-up-with-ticket.js';
import { usableInvitation } from './usable-invitation.js';
import { readBody } from '../http/fields.js';
import { originOf } from '../http/origin.js';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/** Frontend-like routes: the invitation link redirect and the ticket sign-up. */
export const ticketsRoutes = (state: EmulatorState): Router => {
  const router = new Router();

  router.get('/v1/tickets/accept', (ctx) => {
    const ticket = ctx.query['ticket'];
    const invitation = usableInvitation(state, ticket);
    const exists = state.users.findByEmail(invitation.email_address) !== undefined;
    const fallback = `${state.config.authorizedParty}/${exists ? 'sign-in' : 'sign-up'}`;
    const target = new URL(invitation.redirect_url ?? fallback);
    target.searchParams.set('__idp_ticket', String(ticket));
    target.searchParams.set('__idp_status', exists ? 'sign_in' : 'sign_up');
    ctx.status = 302;
    ctx.redirect(target.toString());
  });

  router.post('/v1/client/sign_ups', async (ctx) => {
    sendJson(ctx, 200, await signUpWithTicket(state, readBody(ctx), originOf(ctx)));
  });

  return router;
};
