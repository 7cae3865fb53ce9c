import { newId } from '../support/ids.js';

const DAY = 86_400_000;

/** The provider's Session object. */
export interface SessionJson {
  object: 'session';
  id: string;
  client_id: string;
  user_id: string;
  status: 'active' | 'revoked';
  last_active_at: number;
  last_active_organization_id: null;
  actor: null;
  expire_at: number;
  abandon_at: number;
  created_at: number;
  updated_at: number;
}

/** A new active session for `userId`, created at `at`. */
export const sessionJson = (userId: string, at: number): SessionJson => ({
  object: 'session',
  id: newId('sess'),
  client_id: newId('client'),
  user_id: userId,
  status: 'active',
  last_active_at: at,
  last_active_organization_id: null,
  actor: null,
  expire_at: at + 7 * DAY,
  abandon_at: at + 30 * DAY,
  created_at: at,
  updated_at: at,
});
