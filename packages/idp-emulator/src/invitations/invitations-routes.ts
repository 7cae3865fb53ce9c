import Router from '@koa/router';
import { createInvitation } from './create-invitation.js';
import { invitationJson, statusAt, type InvitationStatus } from './invitation-json.js';
import { badRequest, notFound, paramInvalid } from '../http/api-error.js';
import { optionalBoolean, readBody } from '../http/fields.js';
import { sendJson } from '../http/respond.js';
import { pageOf } from '../users/list-users-query.js';
import type { EmulatorState } from '../emulator-state.js';

const STATUSES: readonly string[] = ['pending', 'accepted', 'revoked', 'expired'];

/** Admin API: create, list, revoke and delete application invitations. */
export const invitationsRoutes = (state: EmulatorState): Router => {
  const router = new Router();

  router.post('/v1/invitations', async (ctx) => {
    const record = await createInvitation(state, readBody(ctx));
    sendJson(ctx, 200, invitationJson(record, state.clock.now()));
  });

  router.get('/v1/invitations', (ctx) => {
    const now = state.clock.now();
    const status = typeof ctx.query['status'] === 'string' ? ctx.query['status'] : undefined;
    if (status !== undefined && !STATUSES.includes(status)) throw paramInvalid('status');
    const query = typeof ctx.query['query'] === 'string' ? ctx.query['query'].toLowerCase() : '';
    const { limit, offset } = pageOf(ctx.query);
    const matching = state.invitations
      .all()
      .filter((r) => (status === undefined ? statusAt(r, now) !== 'revoked' : statusAt(r, now) === (status as InvitationStatus)))
      .filter((r) => query === '' || r.email_address.includes(query) || r.id.toLowerCase() === query);
    const page = matching.slice(offset, offset + limit).map((r) => invitationJson(r, now));
    const paginated = optionalBoolean(ctx.query, 'paginated') ?? false;
    sendJson(ctx, 200, paginated ? { data: page, total_count: matching.length } : page);
  });

  router.post('/v1/invitations/:id/revoke', (ctx) => {
    const id = ctx.params['id'] ?? '';
    const record = state.invitations.get(id);
    if (record === undefined) throw notFound(`No invitation was found with id ${id}.`);
    if (record.status === 'revoked') throw badRequest('invitation_already_revoked', 'Invitation is already revoked.');
    if (record.status === 'accepted') {
      throw badRequest('invitation_already_accepted', 'Invitation is already accepted, try signing in instead.');
    }
    const revoked = { ...record, status: 'revoked' as const, updated_at: state.clock.tick() };
    state.invitations.put(revoked);
    sendJson(ctx, 200, invitationJson(revoked, state.clock.now()));
  });

  router.delete('/v1/invitations/:id', (ctx) => {
    const id = ctx.params['id'] ?? '';
    if (!state.invitations.delete(id)) throw notFound(`No invitation was found with id ${id}.`);
    state.emails.forgetInvitation(id);
    sendJson(ctx, 200, { object: 'invitation', id, deleted: true });
  });

  return router;
};
