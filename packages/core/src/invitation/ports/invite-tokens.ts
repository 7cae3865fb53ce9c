import type { Either } from 'fp-ts/lib/Either.js';
import type { InvalidInvitationToken } from '../invitation.errors.js';
import type { InvitationId } from '../invitation.js';

/** A freshly issued invitation token and the hash that is stored in its place. */
export interface IssuedInviteToken {
  readonly token: string;
  readonly tokenHash: string;
}

/** What a verified token says. */
export interface ReadInviteToken {
  readonly invitationId: InvitationId;
  /** The hash of the token read, to compare with the invitation's current `tokenHash`. */
  readonly tokenHash: string;
}

/**
 * Invitation tokens, signed with `INVITE_SECRET` (jose HS256, the invitation id and a nonce) by
 * the adapter. Core never signs or hashes; it compares hashes.
 */
export interface InviteTokens {
  /** A new token for the invitation (a new nonce every call) and its hash. */
  issue(invitationId: InvitationId): Promise<IssuedInviteToken>;
  /** Verifies a token's signature and form; Left for anything not signed by us. */
  read(token: string): Promise<Either<InvalidInvitationToken, ReadInviteToken>>;
}
