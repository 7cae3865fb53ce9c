/** An e-mail the emulator "sent" instead of mailing it (an invitation with `notify` not false). */
export interface SentEmail {
  readonly object: 'email';
  /** `ema_…`. */
  readonly id: string;
  /** The template, as the provider names it (`invitation`). */
  readonly slug: 'invitation';
  /** Lower-cased recipient. */
  readonly to_email_address: string;
  readonly invitation_id: string;
  /** The link in the mail: the invitation's ticket URL (`…/v1/tickets/accept?ticket=…`). */
  readonly url: string;
  readonly created_at: number;
}

/** Every e-mail the emulator would have sent, in sending order. */
export class EmailOutbox {
  private readonly sent: SentEmail[] = [];

  /** Records a sent e-mail. */
  add(email: SentEmail): void {
    this.sent.push(email);
  }

  /** Drops the stored copies of an invitation's e-mails (deleting an invitation does so at the provider). */
  forgetInvitation(invitationId: string): void {
    for (let i = this.sent.length - 1; i >= 0; i -= 1) if (this.sent[i]?.invitation_id === invitationId) this.sent.splice(i, 1);
  }

  /** Sent e-mails, newest first, optionally only those to `to` (case-insensitive). */
  list(to?: string): SentEmail[] {
    const wanted = to?.trim().toLowerCase();
    return this.sent.filter((email) => wanted === undefined || email.to_email_address === wanted).reverse();
  }
}
