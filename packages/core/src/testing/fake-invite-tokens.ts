import * as E from 'fp-ts/lib/Either.js';
import { invalidInvitationToken, type InvalidInvitationToken } from '../invitation/invitation.errors.js';
import type { InvitationId } from '../invitation/invitation.js';
import type { InviteTokens, IssuedInviteToken, ReadInviteToken } from '../invitation/ports/invite-tokens.js';

const FORM = /^fake-invite\.([0-9a-f-]{36})\.(\d+)$/;

/**
 * Invitation tokens without cryptography: `fake-invite.<invitationId>.<nonce>`, where only tokens
 * this instance issued "verify" (standing in for the signature) and the hash is a readable tag.
 */
export class FakeInviteTokens implements InviteTokens {
  private readonly issued = new Set<string>();
  private nonce = 0;

  async issue(invitationId: InvitationId): Promise<IssuedInviteToken> {
    const token = `fake-invite.${invitationId}.${++this.nonce}`;
    this.issued.add(token);
    return { token, tokenHash: FakeInviteTokens.hashOf(token) };
  }

  async read(token: string): Promise<E.Either<InvalidInvitationToken, ReadInviteToken>> {
    const match = FORM.exec(token);
    if (match === null || !this.issued.has(token)) return E.left(invalidInvitationToken());
    return E.right({ invitationId: match[1] as InvitationId, tokenHash: FakeInviteTokens.hashOf(token) });
  }

  /** The hash this fake stores for a token. */
  static hashOf(token: string): string {
    return `hash(${token})`;
  }
}
