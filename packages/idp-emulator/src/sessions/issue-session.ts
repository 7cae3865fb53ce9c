import { sessionJson, type SessionJson } from './session-json.js';
import { mintSessionToken } from '../tokens/session-token.js';
import type { EmulatorState } from '../emulator-state.js';
import type { UserJson } from '../users/user-json.js';

/** Opens a new active session for `user`. */
export const openSession = (state: EmulatorState, user: UserJson): SessionJson => {
  const session = sessionJson(user.id, state.clock.tick());
  state.sessions.set(session.id, session);
  return session;
};

/** Mints a session token for `session` with the current signing key. */
export const tokenFor = (state: EmulatorState, session: SessionJson, user: UserJson, lifetimeSeconds?: number): Promise<string> =>
  mintSessionToken({
    key: state.keys.current(),
    issuer: state.config.issuer,
    authorizedParty: state.config.authorizedParty,
    sessionId: session.id,
    userId: user.id,
    publicMetadata: user.public_metadata,
    nowMs: state.clock.now(),
    lifetimeSeconds,
  });
