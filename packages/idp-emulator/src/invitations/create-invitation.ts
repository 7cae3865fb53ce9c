import type { InvitationRecord } from './invitation-json.js';
import { duplicateInvitation, paramInvalid } from '../http/api-error.js';
import { optionalBoolean, optionalInt, optionalObject, optionalString, requiredEmail, type Body } from '../http/fields.js';
import { newId } from '../support/ids.js';
import { mintTicket } from '../tokens/ticket-token.js';
import type { EmulatorState } from '../emulator-state.js';

const DAY = 86_400_000;

const redirectUrl = (body: Body): string | null => {
  const value = optionalString(body, 'redirect_url');
  if (value === undefined || value === null || value === '') return null;
  const scheme = URL.canParse(value) ? new URL(value).protocol : '';
  if (scheme !== 'http:' && scheme !== 'https:') {
    throw paramInvalid('redirect_url', 'Please provide a URL with one of the following schemes: https, http');
  }
  return value;
};

/** Decodes a `POST /v1/invitations` body and stores the new pending invitation with its ticket. */
export const createInvitation = async (state: EmulatorState, body: Body): Promise<InvitationRecord> => {
  const email = requiredEmail(body, 'email_address');
  const redirect = redirectUrl(body);
  const publicMetadata = optionalObject(body, 'public_metadata') ?? {};
  optionalBoolean(body, 'notify');
  const ignoreExisting = optionalBoolean(body, 'ignore_existing') ?? false;
  const days = optionalInt(body, 'expires_in_days', 1, 365) ?? 30;
  const now = state.clock.tick();
  if (!ignoreExisting && state.invitations.pendingFor(email, now).length > 0) throw duplicateInvitation(email);
  const id = newId('inv');
  const expiresAt = now + days * DAY;
  const ticket = await mintTicket(state.keys.current(), id, expiresAt, now);
  const record: InvitationRecord = {
    id,
    email_address: email,
    public_metadata: publicMetadata,
    redirect_url: redirect,
    status: 'pending',
    ticket,
    url: `${state.config.url}/v1/tickets/accept?ticket=${encodeURIComponent(ticket)}`,
    expires_at: expiresAt,
    created_at: now,
    updated_at: now,
  };
  state.invitations.put(record);
  return record;
};
