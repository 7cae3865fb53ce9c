import type { InvitationRecord } from './invitation-json.js';
import { duplicateInvitation, identifierExists, paramInvalid } from '../http/api-error.js';
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

/** Decodes a `POST /v1/invitations` body, stores the new pending invitation with its ticket and, unless `notify: false`, "e-mails" its link to the outbox. */
export const createInvitation = async (state: EmulatorState, body: Body): Promise<InvitationRecord> => {
  const email = requiredEmail(body, 'email_address');
  const redirect = redirectUrl(body);
  const publicMetadata = optionalObject(body, 'public_metadata') ?? {};
  const notify = optionalBoolean(body, 'notify') ?? true;
  const ignoreExisting = optionalBoolean(body, 'ignore_existing') ?? false;
  const days = optionalInt(body, 'expires_in_days', 1, 365) ?? 30;
  const now = state.clock.tick();
  // spec (reference §5.2): without ignore_existing, a pending invitation or a taken address is an error.
  if (!ignoreExisting && state.invitations.pendingFor(email, now).length > 0) throw duplicateInvitation(email);
  if (!ignoreExisting && state.users.findByEmail(email) !== undefined) throw identifierExists('email_address');
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
  if (notify) {
    state.emails.add({
      object: 'email',
      id: newId('ema'),
      slug: 'invitation',
      to_email_address: email,
      invitation_id: id,
      url: record.url,
      created_at: now,
    });
  }
  return record;
};
