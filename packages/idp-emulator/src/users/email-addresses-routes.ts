import Router from '@koa/router';
import { emailAddressJson } from './user-json.js';
import { identifierExists, notFound } from '../http/api-error.js';
import { optionalBoolean, readBody, requiredEmail, requiredString } from '../http/fields.js';
import { originOf } from '../http/origin.js';
import { sendJson } from '../http/respond.js';
import type { EmulatorState } from '../emulator-state.js';

/** Admin API `POST /v1/email_addresses` `{ user_id, email_address, primary? }`: adds a verified address; emits `user.updated`. */
export const emailAddressesRoutes = (state: EmulatorState): Router => {
  const router = new Router();
  router.post('/v1/email_addresses', (ctx) => {
    const body = readBody(ctx);
    const userId = requiredString(body, 'user_id');
    const email = requiredEmail(body, 'email_address');
    optionalBoolean(body, 'verified');
    const primary = optionalBoolean(body, 'primary') ?? false;
    const current = state.users.get(userId);
    if (current === undefined) throw notFound(`No user was found with id ${userId}`);
    if (state.users.findByEmail(email) !== undefined) throw identifierExists('email_address');
    const at = state.clock.tick();
    const address = emailAddressJson(email, 'admin', at);
    const user = structuredClone(current);
    user.email_addresses.push(address);
    if (primary || user.primary_email_address_id === null) user.primary_email_address_id = address.id;
    user.updated_at = at;
    state.users.put(user);
    state.userEvents.updated(user, originOf(ctx));
    sendJson(ctx, 200, address);
  });
  return router;
};
