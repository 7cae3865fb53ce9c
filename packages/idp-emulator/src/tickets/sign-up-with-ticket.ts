import { usableInvitation } from './usable-invitation.js';
import { identifierExists, paramInvalid } from '../http/api-error.js';
import { optionalString, type Body } from '../http/fields.js';
import type { EventOrigin } from '../webhooks/envelope.js';
import { openSession, tokenFor } from '../sessions/issue-session.js';
import { newId } from '../support/ids.js';
import { passwordHashOf } from '../users/password-of.js';
import { userJson } from '../users/user-json.js';
import type { EmulatorState } from '../emulator-state.js';

/** Completes a ticket sign-up: creates the verified user, accepts the invitation, emits `user.created`, opens a session. */
export const signUpWithTicket = async (state: EmulatorState, body: Body, origin: EventOrigin): Promise<Record<string, unknown>> => {
  if (body['strategy'] !== 'ticket') throw paramInvalid('strategy', 'strategy must be ticket.');
  const hash = await passwordHashOf(body);
  const invitation = usableInvitation(state, body['ticket']);
  if (state.users.findByEmail(invitation.email_address) !== undefined) throw identifierExists('email_address');
  const password = optionalString(body, 'password');
  const at = state.clock.tick();
  const user = {
    ...userJson(
      {
        emails: [invitation.email_address],
        verification: 'ticket',
        firstName: optionalString(body, 'first_name'),
        lastName: optionalString(body, 'last_name'),
        hasPassword: typeof password === 'string' && password.length > 0,
        publicMetadata: structuredClone(invitation.public_metadata),
      },
      at,
    ),
    last_sign_in_at: at,
    last_active_at: at,
  };
  state.users.put(user);
  if (hash !== undefined) state.users.setPasswordHash(user.id, hash);
  state.invitations.put({ ...invitation, status: 'accepted', updated_at: at });
  state.userEvents.created(user, origin);
  const session = openSession(state, user);
  return {
    object: 'sign_up_attempt',
    id: newId('sua'),
    status: 'complete',
    created_user_id: user.id,
    created_session_id: session.id,
    user,
    session,
    jwt: await tokenFor(state, session, user),
  };
};
