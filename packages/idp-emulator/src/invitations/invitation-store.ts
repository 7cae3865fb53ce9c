import { statusAt, type InvitationRecord } from './invitation-json.js';

/** The emulator's invitations, in creation order. */
export class InvitationStore {
  private readonly byId = new Map<string, InvitationRecord>();

  /** Stores an invitation. */
  put(record: InvitationRecord): void {
    this.byId.set(record.id, record);
  }

  /** The invitation with `id`, if any. */
  get(id: string): InvitationRecord | undefined {
    return this.byId.get(id);
  }

  /** Forgets an invitation (its ticket stops working); false when there was none. */
  delete(id: string): boolean {
    return this.byId.delete(id);
  }

  /** The invitation whose ticket is `ticket`, if any. */
  byTicket(ticket: string): InvitationRecord | undefined {
    return [...this.byId.values()].find((r) => r.ticket === ticket);
  }

  /** Pending, unexpired invitations for `email` (case-insensitive). */
  pendingFor(email: string, now: number): InvitationRecord[] {
    const wanted = email.toLowerCase();
    return [...this.byId.values()].filter((r) => r.email_address.toLowerCase() === wanted && statusAt(r, now) === 'pending');
  }

  /** Every invitation, newest first. */
  all(): InvitationRecord[] {
    return [...this.byId.values()].reverse();
  }
}
