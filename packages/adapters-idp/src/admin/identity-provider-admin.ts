import * as t from 'io-ts';
import * as A from 'fp-ts/lib/Array.js';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { pipe } from 'fp-ts/lib/function.js';
import { decodeProviderUser } from '@idv/core';
import type { IdentityProviderAdmin, ProviderUser } from '@idv/core';
import { IdentityProviderError } from './identity-provider-error.js';
import { providerHttpError } from './provider-error-response.js';
import { providerJson, providerRequest } from './provider-http.js';
import { decodeInvitationJson, decodeOrganizationId, decodeTotalCount } from './provider-resource-json.js';
import type { ProviderCallObserver, ProviderHttpConfig } from './provider-http.js';

/** Configuration of the provider admin API client. */
export interface IdentityProviderAdminOptions {
  /** Admin API base, e.g. `https://api.clerk.com` (requests go to `{apiUrl}/v1/…`). */
  readonly apiUrl: string;
  /** `sk_…`, sent as `Authorization: Bearer`. */
  readonly secretKey: string;
  /** Per-request timeout (default 5 000 ms). */
  readonly timeoutMs?: number;
  /** fetch implementation (default: global fetch). */
  readonly fetch?: typeof fetch;
  /** Told of every call, for operators' metrics. */
  readonly onCall?: ProviderCallObserver;
}

const NOT_FOUND = 'resource_not_found';

/** Answers to a revoke that mean the invitation is already unusable, which is what revoking wants. */
const REVOKE_SETTLED: readonly Settled[] = [
  [404, NOT_FOUND],
  [400, 'invitation_already_revoked'],
  [400, 'invitation_already_accepted'],
];
type Settled = readonly [status: number, code: string];

const invalidBody = (operation: string, status: number, expected = 'a User'): IdentityProviderError =>
  new IdentityProviderError(`IdP ${operation} failed: the response is not ${expected}`, { operation, failure: 'invalid-body', status });

const decodeUsers = (operation: string, status: number, body: unknown): readonly ProviderUser[] =>
  pipe(
    t.array(t.unknown).decode(body),
    E.chainW(A.traverse(E.Applicative)(decodeProviderUser)),
    E.getOrElseW(() => {
      throw invalidBody(operation, status);
    }),
  );

const decodeUser = (operation: string, status: number, body: unknown): ProviderUser =>
  pipe(
    decodeProviderUser(body),
    E.getOrElseW(() => {
      throw invalidBody(operation, status);
    }),
  );

const checkedConfig = (options: IdentityProviderAdminOptions): ProviderHttpConfig => {
  let url: URL | undefined;
  try {
    url = new URL(options.apiUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error('IdP API URL must be an http(s) URL');
  }
  if (options.secretKey.trim() === '') throw new Error('IdP secret key is missing');
  return {
    apiUrl: options.apiUrl.replace(/\/+$/, ''),
    secretKey: options.secretKey.trim(),
    timeoutMs: options.timeoutMs ?? 5_000,
    fetch: options.fetch ?? globalThis.fetch,
    observe: options.onCall ?? (() => undefined),
  };
};

/**
 * The provider's admin API over HTTP. Absence is `O.none` / an empty list; every other failure rejects
 * with an IdentityProviderError.
 *
 * @example
 * const admin = createIdentityProviderAdmin({ apiUrl: 'https://api.clerk.com', secretKey });
 * const user = await admin.getUser(idpId); // Option<ProviderUser>
 */
export const createIdentityProviderAdmin = (options: IdentityProviderAdminOptions): IdentityProviderAdmin => {
  const config = checkedConfig(options);
  /** True when the failed answer is one of `settled`; any other failure rejects. */
  const isSettled = async (operation: string, response: Response, settled: readonly Settled[]): Promise<boolean> => {
    if (!settled.some(([status]) => status === response.status)) return false;
    const error = await providerHttpError(operation, response, config.secretKey);
    // A 404 without the provider's code is a wrong URL, not an absent resource.
    if (!settled.some(([status, code]) => status === response.status && code === error.code)) throw error;
    return true;
  };
  const isNotFound = (operation: string, response: Response): Promise<boolean> => isSettled(operation, response, [[404, NOT_FOUND]]);
  return {
    getUser: async (idpId) => {
      const operation = 'getUser';
      const response = await providerRequest(config, operation, 'GET', `/v1/users/${encodeURIComponent(idpId)}`);
      if (await isNotFound(operation, response)) return O.none;
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      const user = decodeUser(operation, response.status, await providerJson(config, operation, response));
      if (user.idpId !== idpId) throw invalidBody(operation, response.status);
      return O.some(user);
    },
    findUsersByEmail: async (email) => {
      const operation = 'findUsersByEmail';
      const query = new URLSearchParams({ email_address: email, limit: '100' });
      const response = await providerRequest(config, operation, 'GET', `/v1/users?${query.toString()}`);
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      return decodeUsers(operation, response.status, await providerJson(config, operation, response));
    },
    listUsers: async ({ limit, offset }) => {
      const operation = 'listUsers';
      const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      const response = await providerRequest(config, operation, 'GET', `/v1/users?${query.toString()}`);
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      return decodeUsers(operation, response.status, await providerJson(config, operation, response));
    },
    countUsers: async () => {
      const operation = 'countUsers';
      const response = await providerRequest(config, operation, 'GET', '/v1/users/count');
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      const count = decodeTotalCount(await providerJson(config, operation, response));
      if (count === undefined) throw invalidBody(operation, response.status, 'a total count');
      return count;
    },
    deleteUser: async (idpId) => {
      const operation = 'deleteUser';
      const response = await providerRequest(config, operation, 'DELETE', `/v1/users/${encodeURIComponent(idpId)}`);
      if (await isNotFound(operation, response)) return;
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      await response.body?.cancel();
    },
    createInvitation: async (input) => {
      const operation = 'createInvitation';
      // notify: the provider e-mails the ticket link; ignore_existing: re-inviting while one is pending is not an error.
      const response = await providerRequest(config, operation, 'POST', '/v1/invitations', {
        email_address: input.email,
        redirect_url: input.redirectUrl,
        public_metadata: input.publicMetadata,
        notify: true,
        ignore_existing: true,
        ...(input.expiresInDays === undefined ? {} : { expires_in_days: input.expiresInDays }),
      });
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      const invitation = decodeInvitationJson(await providerJson(config, operation, response));
      if (invitation?.email !== input.email) throw invalidBody(operation, response.status, 'an Invitation for the address');
      return invitation;
    },
    revokeInvitation: async (providerInvitationId) => {
      const operation = 'revokeInvitation';
      const path = `/v1/invitations/${encodeURIComponent(providerInvitationId)}/revoke`;
      const response = await providerRequest(config, operation, 'POST', path);
      if (await isSettled(operation, response, REVOKE_SETTLED)) return;
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      await response.body?.cancel();
    },
    createOrganization: async (input) => {
      const operation = 'createOrganization';
      const response = await providerRequest(config, operation, 'POST', '/v1/organizations', {
        name: input.name,
        ...(input.createdBy === undefined ? {} : { created_by: input.createdBy }),
      });
      if (!response.ok) throw await providerHttpError(operation, response, config.secretKey);
      const id = decodeOrganizationId(await providerJson(config, operation, response));
      if (id === undefined) throw invalidBody(operation, response.status, 'an Organization');
      return { id };
    },
  };
};
