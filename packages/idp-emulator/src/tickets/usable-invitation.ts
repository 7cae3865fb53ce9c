import { badRequest, paramInvalid, paramMissing } from '../http/api-error.js';
import { statusAt, type InvitationRecord } from '../invitations/invitation-json.js';
import type { EmulatorState } from '../emulator-state.js';

/** The pending invitation a ticket stands for, or the provider's refusal. */
export const usableInvitation = (state: EmulatorState, ticket: unknown): InvitationRecord => {
  if (ticket === undefined || ticket === null || ticket === '') throw paramMissing('ticket');
  const record = typeof ticket === 'string' ? state.invitations.byTicket(ticket) : undefined;
  if (record === undefined) throw paramInvalid('ticket', 'ticket is invalid.');
  switch (statusAt(record, state.clock.now())) {
    case 'revoked':
      throw badRequest('revoked_invitation', 'The invitation was revoked.');
    case 'accepted':
      throw badRequest('invitation_already_accepted', 'Invitation is already accepted, try signing in instead.');
    case 'expired':
      throw badRequest('ticket_expired', 'The invitation has expired.');
    case 'pending':
      return record;
  }
};
