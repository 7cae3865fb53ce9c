import { identifierNotFound, paramInvalid, passwordIncorrect } from '../http/api-error.js';
import { requiredString, type Body } from '../http/fields.js';
import { openSession, tokenFor } from '../sessions/issue-session.js';
import { newId } from '../support/ids.js';
import { verifyPassword } from '../users/password-hash.js';
import type { EmulatorState } from '../emulator-state.js';

/** Completes a password sign-in (`{ identifier, password }`): opens a session and mints its first token. */
export const signInWithPassword = async (state: EmulatorState, body: Body): Promise<Record<string, unknown>> => {
  const strategy = body['strategy'];
  if (strategy !== undefined && strategy !== 'password') throw paramInvalid('strategy', 'strategy must be password.');
  const identifier = requiredString(body, 'identifier').trim();
  const password = requiredString(body, 'password');
  const found = state.users.findByEmail(identifier);
  if (found === undefined) throw identifierNotFound();
  const hash = state.users.passwordHash(found.id);
  if (hash === undefined || !(await verifyPassword(password, hash))) throw passwordIncorrect();
  // Re-read after the await: the user may have been deleted meanwhile.
  const current = state.users.get(found.id);
  if (current === undefined) throw identifierNotFound();
  const at = state.clock.tick();
  const user = { ...current, last_sign_in_at: at, last_active_at: at };
  state.users.put(user);
  const session = openSession(state, user);
  return {
    object: 'sign_in_attempt',
    id: newId('sia'),
    status: 'complete',
    identifier,
    created_session_id: session.id,
    user,
    session,
    jwt: await tokenFor(state, session, user),
  };
};
