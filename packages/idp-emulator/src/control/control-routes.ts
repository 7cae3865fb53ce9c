import Router from '@koa/router';
import { decodeDeliveryMode, optionalOrder } from './decode-delivery-mode.js';
import { notFound, paramInvalid } from '../http/api-error.js';
import { invitationJson } from '../invitations/invitation-json.js';
import { optionalInt, optionalString, readBody } from '../http/fields.js';
import { originOf } from '../http/origin.js';
import { sendJson } from '../http/respond.js';
import { decodeCreateUser } from '../users/decode-user-input.js';
import { passwordHashOf } from '../users/password-of.js';
import { userJson } from '../users/user-json.js';
import type { EmulatorState } from '../emulator-state.js';

/** The emulator's own control API under `/_emulator` (not part of the provider's wire format). */
export const controlRoutes = (state: EmulatorState): Router => {
  const router = new Router({ prefix: '/_emulator' });
  const { webhooks } = state;

  router.get('/info', (ctx) => {
    const { url, publishableKey, issuer, instanceId, authorizedParty } = state.config;
    sendJson(ctx, 200, {
      url,
      publishableKey,
      issuer,
      instanceId,
      authorizedParty,
      kid: state.keys.current().kid,
      webhookUrl: state.webhookTarget.url ?? null,
    });
  });

  router.get('/deliveries', (ctx) => sendJson(ctx, 200, webhooks.deliveries()));
  router.delete('/deliveries', (ctx) => {
    webhooks.clearLog();
    sendJson(ctx, 200, { cleared: true });
  });

  router.get('/deliveries/settled', async (ctx) => {
    const timeoutMs = optionalInt(ctx.query, 'timeoutMs', 0, 600_000) ?? 30_000;
    const settled = await webhooks.waitSettled(timeoutMs);
    sendJson(ctx, settled ? 200 : 408, { settled, pending: webhooks.pendingCount(), held: webhooks.heldCount() });
  });

  router.post('/deliveries/release', (ctx) => {
    sendJson(ctx, 200, { released: webhooks.releaseHeld(optionalOrder(readBody(ctx), 'order')) });
  });

  router.get('/delivery-mode', (ctx) => sendJson(ctx, 200, webhooks.currentMode()));
  router.put('/delivery-mode', (ctx) => sendJson(ctx, 200, webhooks.setMode(decodeDeliveryMode(readBody(ctx)))));

  router.put('/webhook', (ctx) => {
    const url = optionalString(readBody(ctx), 'url');
    if (typeof url === 'string' && !URL.canParse(url)) throw paramInvalid('url');
    state.webhookTarget.url = url ?? undefined;
    sendJson(ctx, 200, { url: url ?? null });
  });

  // The mail the provider would have sent: how a test reads an invitation's ticket link.
  router.get('/emails', (ctx) => {
    const to = typeof ctx.query['to'] === 'string' ? ctx.query['to'] : undefined;
    sendJson(ctx, 200, state.emails.list(to));
  });

  // The invitation with what the admin API hides: the ticket URL even once revoked, the ticket, the redirect.
  router.get('/invitations/:id', (ctx) => {
    const id = ctx.params['id'] ?? '';
    const record = state.invitations.get(id);
    if (record === undefined) throw notFound(`No invitation was found with id ${id}.`);
    const { url, ticket, redirect_url } = record;
    sendJson(ctx, 200, { ...invitationJson(record, state.clock.now()), url, ticket, redirect_url });
  });

  // A sign-up through the provider's own pages that has not verified its address yet (an instance
  // that does not require verification at sign-up): the admin API cannot make one, since every
  // address it creates is verified. Same body as `POST /v1/users`; emits `user.created`. The
  // address is verified later with `PATCH /v1/email_addresses/{id}` `{ "verified": true }`.
  router.post('/sign-ups', async (ctx) => {
    const body = readBody(ctx);
    const hash = await passwordHashOf(body);
    const user = userJson({ ...decodeCreateUser(body, state.users), verification: 'unverified' }, state.clock.tick());
    state.users.put(user);
    if (hash !== undefined) state.users.setPasswordHash(user.id, hash);
    state.userEvents.created(user, originOf(ctx));
    sendJson(ctx, 200, user);
  });

  router.post('/keys/rotate', async (ctx) => sendJson(ctx, 200, { kid: await state.keys.rotate() }));
  router.get('/keys/current', (ctx) => {
    sendJson(ctx, 200, { kid: state.keys.current().kid, pem: state.keys.publicKeyPem() });
  });

  router.put('/rate-limit', (ctx) => {
    const limit = optionalInt(readBody(ctx), 'limit', 0, 1_000_000);
    state.rateLimiter.setLimit(limit);
    sendJson(ctx, 200, { limit: limit ?? null });
  });

  router.post('/clock', (ctx) => {
    const advanceMs = optionalInt(readBody(ctx), 'advanceMs', -1e12, 1e12) ?? 0;
    state.clock.advance(advanceMs);
    sendJson(ctx, 200, { now: state.clock.now() });
  });

  return router;
};
