import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_HEADERS } from '@idv/idp-emulator';
import type { EmulatorClient } from './e2e-emulator-client.js';
import { bearer, serviceApi, type ServiceApi } from './service-api.js';

/** A provider user with an open session, and the service as that user sees it (a fresh token per request). */
export interface SignedInMember {
  readonly idpId: string;
  readonly email: string;
  readonly sessionId: string;
  readonly api: ServiceApi;
}

/** The service as the holder of `sessionId` sees it, minting a fresh 60-second token per request. */
export const apiForSession = (provider: EmulatorClient, serviceUrl: string, sessionId: string): ServiceApi =>
  serviceApi(
    serviceUrl,
    bearer(() => provider.mintToken(sessionId)),
  );

/**
 * Creates `email` at the provider, opens a session for it and waits for deliveries to settle, so the
 * service has the user from its `user.created` webhook before the spec acts as it.
 */
export const signedInMember = async (provider: EmulatorClient, serviceUrl: string, email: string): Promise<SignedInMember> => {
  const user = await provider.createUser(email);
  const session = await provider.openSession(user.id);
  await provider.waitSettled();
  return { idpId: user.id, email, sessionId: session.id, api: apiForSession(provider, serviceUrl, session.id) };
};

/**
 * Sends the service a `user.created` for the provider's current view of `idpId`, signed with the
 * webhook secret under a new message id: a replay the inbox's message-id deduplication cannot absorb.
 */
export const resendUserCreated = async (
  provider: EmulatorClient,
  serviceUrl: string,
  webhookSecret: string,
  idpId: string,
): Promise<number> => {
  const user = await provider.getUser(idpId);
  if (user === undefined) throw new Error(`provider user ${idpId} does not exist`);
  const body = JSON.stringify({ data: user, object: 'event', type: 'user.created', timestamp: Date.now(), instance_id: 'ins_replay' });
  const id = `msg_replay_${randomBytes(8).toString('hex')}`;
  const at = new Date();
  const response = await fetch(`${serviceUrl}/webhooks/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.id]: id,
      [WEBHOOK_HEADERS.timestamp]: String(Math.floor(at.getTime() / 1000)),
      [WEBHOOK_HEADERS.signature]: new Webhook(webhookSecret).sign(id, at, body),
    },
    body,
  });
  await response.body?.cancel();
  return response.status;
};
