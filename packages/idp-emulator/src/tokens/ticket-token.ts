import { SignJWT } from 'jose';
import type { SigningKey } from '../keys/key-ring.js';

/** Mints an invitation ticket shaped like the provider's (payload `eis`, `exp`, `iid`, `sid`, `st`); opaque to clients. */
export const mintTicket = (key: SigningKey, invitationId: string, expiresAtMs: number, nowMs: number): Promise<string> =>
  new SignJWT({
    eis: Math.max(0, Math.round((expiresAtMs - nowMs) / 1000)),
    exp: Math.floor(expiresAtMs / 1000),
    iid: key.kid,
    sid: invitationId,
    st: 'invitation',
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .sign(key.privateKey);
