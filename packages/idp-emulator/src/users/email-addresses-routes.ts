import Router from '@koa/router';
import { emailAddressJson, verificationJson, type EmailAddressJson, type UserJson } from './user-json.js';
import { identifierExists, notFound } from '../http/api-error.js';
import { optionalBoolean, readBody, requiredEmail, requiredString } from '../http/fields.js';
import { originOf } from '../http/origin.js';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/**
 * Admin API email addresses (reference §5; the provider's `EmailAddressAPI`):
 * `POST /v1/email_addresses` `{ user_id, email_address, verified?, primary? }` adds an address
 * (verified unless `verified: false`); `GET /v1/email_addresses/{id}` reads one;
 * `PATCH /v1/email_addresses/{id}` `{ verified?, primary? }` marks it verified or not (`verification`
 * becomes `null`, as the provider answers) and may make it primary. Every change emits `user.updated`.
 */
export const emailAddressesRoutes = (state: EmulatorState): Router => {
  const router = new Router();
  const holderOf = (addressId: string): { user: UserJson; address: EmailAddressJson } => {
    for (const user of state.users.all()) {
      const address = user.email_addresses.find((entry) => entry.id === addressId);
      if (address !== undefined) return { user, address };
    }
    throw notFound(`No email address was found with id ${addressId}`);
  };

  router.post('/v1/email_addresses', (ctx) => {
    const body = readBody(ctx);
    const userId = requiredString(body, 'user_id');
    const email = requiredEmail(body, 'email_address');
    const verified = optionalBoolean(body, 'verified') ?? true;
    const primary = optionalBoolean(body, 'primary') ?? false;
    const current = state.users.get(userId);
    if (current === undefined) throw notFound(`No user was found with id ${userId}`);
    if (state.users.findByEmail(email) !== undefined) throw identifierExists('email_address');
    const at = state.clock.tick();
    const address = { ...emailAddressJson(email, 'admin', at), ...(verified ? {} : { verification: null }) };
    const user = structuredClone(current);
    user.email_addresses.push(address);
    if (primary || user.primary_email_address_id === null) user.primary_email_address_id = address.id;
    user.updated_at = at;
    state.users.put(user);
    state.userEvents.updated(user, originOf(ctx));
    sendJson(ctx, 200, address);
  });

  router.get('/v1/email_addresses/:id', (ctx) => sendJson(ctx, 200, holderOf(ctx.params['id'] ?? '').address));

  router.patch('/v1/email_addresses/:id', (ctx) => {
    const body = readBody(ctx);
    const verified = optionalBoolean(body, 'verified');
    const primary = optionalBoolean(body, 'primary');
    const { user: current, address: found } = holderOf(ctx.params['id'] ?? '');
    const at = state.clock.tick();
    const user = structuredClone(current);
    const address = user.email_addresses.find((entry) => entry.id === found.id) ?? found;
    if (verified !== undefined) address.verification = verified ? verificationJson('admin') : null;
    if (primary === true) user.primary_email_address_id = address.id;
    address.updated_at = at;
    user.updated_at = at;
    state.users.put(user);
    state.userEvents.updated(user, originOf(ctx));
    sendJson(ctx, 200, address);
  });
  return router;
};
