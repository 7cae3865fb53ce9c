/** Invitation statuses; `expired` is computed from `expires_at` and the emulator clock. */
export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** What the emulator stores per invitation. */
export interface InvitationRecord {
  id: string;
  email_address: string;
  public_metadata: Record<string, unknown>;
  redirect_url: string | null;
  status: 'pending' | 'accepted' | 'revoked';
  ticket: string;
  url: string;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** The status a client sees at `now`. */
export const statusAt = (record: InvitationRecord, now: number): InvitationStatus =>
  record.status === 'pending' && record.expires_at <= now ? 'expired' : record.status;

/** The provider's Invitation object; a revoked one carries `revoked: true` and no `url`. */
export const invitationJson = (record: InvitationRecord, now: number): Record<string, unknown> => {
  const status = statusAt(record, now);
  return {
    object: 'invitation',
    id: record.id,
    email_address: record.email_address,
    public_metadata: record.public_metadata,
    revoked: status === 'revoked',
    status,
    ...(status === 'revoked' ? {} : { url: record.url }),
    expires_at: record.expires_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
};
