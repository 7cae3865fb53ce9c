import type { PreparedRequest, RequestPlan } from './drive.js';
import type { Delivery } from './deliveries.js';
import type { Workload } from './workload.js';

/** What a scenario needs to prepare one window. */
export interface ScenarioInput {
  readonly workload: Workload;
  /** Provider ids of users known to exist, sampled evenly for the reused-token pool. */
  readonly poolIdpIds: readonly string[];
  /** Seeded users (`user_seed0` … `user_seed{n-1}`). */
  readonly seeded: number;
  /** Requests to prepare when each may be sent only once. */
  readonly supply: number;
  /** Owners and their organizations (seeded through the API) for the organization route's token pool; empty when none exist. */
  readonly organizationPool: readonly OrganizationOwner[];
}

/** An organization and the provider id of its owner. */
export interface OrganizationOwner {
  readonly ownerIdpId: string;
  readonly organizationId: string;
}

/** One measured request kind. */
export interface Scenario {
  readonly key: string;
  readonly title: string;
  /** The window's requests, or `undefined` when there is nothing to measure (no organizations seeded). */
  prepare(input: ScenarioInput): Promise<RequestPlan | undefined>;
}

const me = (token: string): PreparedRequest => ({ method: 'GET', path: '/users/me', headers: { authorization: `Bearer ${token}` } });
const webhook = (delivery: Delivery): PreparedRequest => ({
  method: 'POST',
  path: '/webhooks/idp',
  headers: delivery.headers,
  body: delivery.body,
});

/** `GET /users/me`, a pool of tokens for distinct users, each reused (clients reuse a token for up to 60 s); minted per window. */
export const meReusedTokens: Scenario = {
  key: 'me-reused',
  title: 'GET /users/me, reused tokens',
  prepare: async ({ workload, poolIdpIds }) => ({ requests: poolIdpIds.map((idpId) => me(workload.mintOne(idpId))), cycle: true }),
};

/** `GET /users/me` with a token never sent before on every request, so a token cache cannot help. */
export const meUniqueTokens: Scenario = {
  key: 'me-unique',
  title: 'GET /users/me, unique tokens',
  prepare: async ({ workload, seeded, supply }) => ({
    requests: (await workload.mintMany(workload.nextSeeded(supply, seeded))).map(me),
    cycle: false,
  }),
};

/** `POST /webhooks/idp`, `user.created` for a new user on every request; signed just before the window. */
export const webhookUserCreated: Scenario = {
  key: 'webhook-created',
  title: 'POST /webhooks/idp, user.created (new users)',
  prepare: async ({ workload, supply }) => ({
    requests: Array.from({ length: supply }, () => webhook(workload.deliveries.created(workload.freshIdpId()))),
    cycle: false,
  }),
};

/** `POST /webhooks/idp`, `user.updated` of seeded users, each newer than anything stored. */
export const webhookUserUpdated: Scenario = {
  key: 'webhook-updated',
  title: 'POST /webhooks/idp, user.updated (existing users)',
  prepare: async ({ workload, seeded, supply }) => ({
    requests: workload.nextSeeded(supply, seeded).map((idpId) => webhook(workload.deliveries.updated(idpId, workload.nextUpdatedAt()))),
    cycle: false,
  }),
};

const roster = (organizationId: string, token: string): PreparedRequest => ({
  method: 'GET',
  path: `/organizations/${organizationId}/members`,
  headers: { authorization: `Bearer ${token}` },
});

/**
 * The "one role-checked organization route" of the targets: `GET /organizations/:orgId/members` (the default
 * page: 50, cancelled rows omitted) as each organization's owner, a pool of owners (one token each,
 * reused, as in `me-reused`) minted per window. Not available when no organization was seeded.
 */
export const organizationRoute: Scenario = {
  key: 'org-route',
  title: 'GET /organizations/:orgId/members, owner',
  prepare: async ({ workload, organizationPool }) =>
    organizationPool.length === 0
      ? undefined
      : {
          requests: organizationPool.map(({ ownerIdpId, organizationId }) => roster(organizationId, workload.mintOne(ownerIdpId))),
          cycle: true,
        },
};

/** Every scenario, in the order each round measures them. */
export const scenarios: readonly Scenario[] = [meReusedTokens, meUniqueTokens, webhookUserCreated, webhookUserUpdated, organizationRoute];
