import { createHash } from 'node:crypto';

/** The stored form of an invitation token: SHA-256 of its text, base64url. Used by `issue` and `read` alike. */
export const hashInviteToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');
