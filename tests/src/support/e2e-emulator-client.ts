import type { DeliveryAttempt, SentEmail } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';

/** Where the emulator is and the key of its admin API. */
export interface EmulatorAccess {
  readonly url: string;
  readonly secretKey: string;
}

/** A provider User object, as far as the end-to-end specs read it. */
export interface ProviderUser {
  readonly id: string;
  readonly primary_email_address_id: string | null;
  readonly email_addresses: ReadonlyArray<{ readonly id: string; readonly email_address: string }>;
  readonly image_url: string;
}

/** An e-mail the emulator "sent" (`GET /_emulator/emails`): an invitation's ticket link. */
export type SentEmailRecord = SentEmail;

/** A provider invitation as the emulator's control API shows it (with its ticket and redirect). */
export interface ProviderInvitation {
  readonly id: string;
  readonly email_address: string;
  readonly status: 'pending' | 'accepted' | 'revoked' | 'expired';
  readonly public_metadata: Record<string, unknown>;
  readonly redirect_url: string | null;
  readonly ticket: string;
}

/** A completed ticket sign-up (`POST /v1/client/sign_ups`). */
export interface TicketSignUp {
  readonly status: string;
  readonly created_user_id: string;
  readonly created_session_id: string;
  readonly jwt: string;
}

/** One logged delivery attempt (`GET /_emulator/deliveries` answers the emulator's own records). */
export type DeliveryRecord = DeliveryAttempt;

const call = async <T>(access: EmulatorAccess, method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await adminFetch(access, method, path, body);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`emulator ${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
};

/** The primary email address of a provider user. */
export const primaryEmail = (user: ProviderUser): string | undefined =>
  user.email_addresses.find((entry) => entry.id === user.primary_email_address_id)?.email_address;

/** Admin and control calls the end-to-end environment and specs make to the emulator. */
export const emulatorClient = (access: EmulatorAccess) => ({
  /** `POST /v1/users`. */
  createUser: (email: string, extra: Record<string, unknown> = {}) =>
    call<ProviderUser>(access, 'POST', '/v1/users', { email_address: [email], ...extra }),
  /** `GET /v1/users/{id}`, or undefined once deleted. */
  getUser: async (id: string): Promise<ProviderUser | undefined> => {
    const answer = await adminFetch(access, 'GET', `/v1/users/${id}`);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new Error(`emulator GET /v1/users/${id} answered ${answer.status}`);
    return answer.body as ProviderUser;
  },
  /** Every user (`GET /v1/users`, 500 a page). */
  allUsers: async (): Promise<ProviderUser[]> => {
    const users: ProviderUser[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await call<ProviderUser[]>(access, 'GET', `/v1/users?limit=500&offset=${offset}`);
      users.push(...page);
      if (page.length < 500) return users;
    }
  },
  /** Makes `email` the user's primary address (`POST /v1/email_addresses`): a `user.updated`. */
  changeEmail: (id: string, email: string) =>
    call<{ id: string }>(access, 'POST', '/v1/email_addresses', { user_id: id, email_address: email, verified: true, primary: true }),
  /** `PATCH /v1/users/{id}`: a `user.updated`. */
  updateUser: (id: string, patch: Record<string, unknown>) => call<ProviderUser>(access, 'PATCH', `/v1/users/${id}`, patch),
  /** `DELETE /v1/users/{id}`: a `user.deleted`. */
  deleteUser: (id: string) => call<{ deleted: boolean }>(access, 'DELETE', `/v1/users/${id}`),
  /** `POST /v1/sessions`: a session as the admin API opens one. */
  openSession: (userId: string) => call<{ id: string }>(access, 'POST', '/v1/sessions', { user_id: userId }),
  /** `POST /v1/sessions/{id}/tokens`: a fresh 60-second session token, as a web client gets one. */
  mintToken: async (sessionId: string): Promise<string> =>
    (await call<{ jwt: string }>(access, 'POST', `/v1/sessions/${sessionId}/tokens`)).jwt,
  /** `PUT /_emulator/webhook`. */
  setWebhookUrl: (url: string | null) => call<{ url: string | null }>(access, 'PUT', '/_emulator/webhook', { url }),
  /** `PUT /_emulator/delivery-mode`. */
  setDeliveryMode: (mode: {
    duplicate?: boolean;
    hold?: boolean;
    delayMs?: number;
    reorder?: 'fifo' | 'reverse' | 'shuffle';
    concurrency?: number;
  }) => call<Record<string, unknown>>(access, 'PUT', '/_emulator/delivery-mode', mode),
  /** `POST /_emulator/deliveries/release`: delivers held messages in `order`; returns how many. */
  release: async (order: 'fifo' | 'reverse' | 'shuffle'): Promise<number> =>
    (await call<{ released: number }>(access, 'POST', '/_emulator/deliveries/release', { order })).released,
  /** `GET /_emulator/deliveries`. */
  deliveries: () => call<DeliveryRecord[]>(access, 'GET', '/_emulator/deliveries'),
  /** `POST /_emulator/sign-ups`: a user whose primary address is not verified yet (`user.created`). */
  signUpUnverified: (email: string) => call<ProviderUser>(access, 'POST', '/_emulator/sign-ups', { email_address: [email] }),
  /** `PATCH /v1/email_addresses/{id}` `{ verified: true }`: the address is verified (`user.updated`). */
  verifyEmailAddress: (addressId: string) => call<{ id: string }>(access, 'PATCH', `/v1/email_addresses/${addressId}`, { verified: true }),
  /** `GET /_emulator/emails?to=`: the e-mails sent to `to`, newest first. */
  emails: (to: string) => call<SentEmailRecord[]>(access, 'GET', `/_emulator/emails?to=${encodeURIComponent(to)}`),
  /** `GET /_emulator/invitations/{id}`: the provider invitation, status included. */
  providerInvitation: (id: string) => call<ProviderInvitation>(access, 'GET', `/_emulator/invitations/${id}`),
  /** Follows an e-mailed ticket link without following the redirect: the status and `Location`. */
  openTicketLink: async (url: string): Promise<{ status: number; location: string | null }> => {
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get('location') };
  },
  /** `POST /v1/client/sign_ups` with the ticket strategy, as the sign-up page would. */
  signUpWithTicket: async (ticket: string, password: string): Promise<TicketSignUp> => {
    const response = await fetch(`${access.url}/v1/client/sign_ups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ strategy: 'ticket', ticket, password }),
    });
    const body = (await response.json()) as TicketSignUp;
    if (!response.ok || body.status !== 'complete') throw new Error(`ticket sign-up answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  },
  /** Long-polls `GET /_emulator/deliveries/settled`; throws when deliveries are still pending after `timeoutMs`. */
  waitSettled: async (timeoutMs = 60_000): Promise<void> => {
    const response = await fetch(`${access.url}/_emulator/deliveries/settled?timeoutMs=${timeoutMs}`);
    const body = (await response.json()) as { settled: boolean; pending: number; held: number };
    if (!body.settled) throw new Error(`webhook deliveries not settled after ${timeoutMs} ms (${body.pending} pending, ${body.held} held)`);
  },
});

/** The client type returned by `emulatorClient`. */
export type EmulatorClient = ReturnType<typeof emulatorClient>;
