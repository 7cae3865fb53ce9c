import { idpUserJson, userCreatedEvent, userUpdatedEvent } from '@idv/core/testing';
import { Webhook } from 'standardwebhooks';
import type { BenchIdentity } from './identity.js';

/** One signed webhook delivery: the exact body and its three `idp-webhook-*` headers. */
export interface Delivery {
  readonly body: string;
  readonly headers: Record<string, string>;
}

/** The provider user id of the i-th seeded user. */
export const seededIdpId = (index: number): string => `user_seed${index}`;

/** The session id paired with a user in minted tokens. */
export const sessionIdOf = (idpId: string): string => `sess_${idpId.slice(5)}`;

/** The primary address of a bench user (`user_seed7` → `seed7@bench.example.com`). */
export const emailOf = (idpId: string): string => `${idpId.slice(5)}@bench.example.com`;

// A fixed creation time: updates carry later, strictly increasing `updated_at` values.
const CREATED_AT = 1_716_883_200_000;

/** The seeded user `idpId` as the provider's User object, exactly as its `user.created` delivery carried it. */
export const seededUserJson = (idpId: string): Record<string, unknown> =>
  idpUserJson({ id: idpId, email: emailOf(idpId), updatedAt: CREATED_AT });

/** The provider id of a seeded user's address, or undefined when the address is not one of the bench's. */
export const seededIdpIdOfEmail = (email: string): string | undefined => {
  const match = /^(seed\d+)@bench\.example\.com$/.exec(email.trim().toLowerCase());
  return match === null ? undefined : `user_${match[1]}`;
};

/** Builds and signs `user.created` / `user.updated` deliveries with the real library. */
export const deliveryFactory = (identity: BenchIdentity) => {
  const webhook = new Webhook(identity.webhookSecret);
  let messages = 0;
  const signed = (event: Record<string, unknown>, at: Date): Delivery => {
    const body = JSON.stringify(event);
    const id = `msg_bench${messages++}`;
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'idp-webhook-id': id,
        'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'idp-webhook-signature': webhook.sign(id, at, body),
      },
    };
  };
  return {
    /** A `user.created` for `idpId`, signed now. */
    created: (idpId: string, at = new Date()): Delivery =>
      signed(userCreatedEvent({ id: idpId, email: emailOf(idpId), updatedAt: CREATED_AT }), at),
    /** A `user.updated` for `idpId` carrying `updatedAt` (must be newer than the stored one to be written). */
    updated: (idpId: string, updatedAt: number, at = new Date()): Delivery =>
      signed(userUpdatedEvent({ id: idpId, email: emailOf(idpId), imageUrl: `https://img.example.com/${updatedAt}.png`, updatedAt }), at),
  };
};

/** The delivery builder `deliveryFactory` returns. */
export type DeliveryFactory = ReturnType<typeof deliveryFactory>;
