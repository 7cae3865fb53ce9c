import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { authorize, seesRoster, type AuthorizationError, type AuthorizeDeps } from '../authorize.js';
import type { Membership } from '../membership.js';

/** What a roster request asks for. */
export interface ListMembersQuery {
  /** `?include=cancelled`. */
  readonly includeCancelled: boolean;
  readonly page: PageRequest;
}

/**
 * The organization's members, oldest first, cancelled ones only on request. Holders of
 * `members.list` (owner, admin, coach) see the roster; a `member` sees only their own membership
 * (spec: members never see another member's data).
 *
 * @example
 * await listMembers({ organizations, memberships })(request.auth, orgId, { includeCancelled: false, page: pageRequest() })(); // Right({ items, nextCursor })
 */
export const listMembers =
  (deps: AuthorizeDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, query: ListMembersQuery): TE.TaskEither<AuthorizationError, Page<Membership>> =>
  // The roster is the hot organization route: one async step after `authorize` (docs/performance.md).
  async () => {
    const authorized = await authorize(deps)(caller, organizationId, 'organization.read')();
    if (E.isLeft(authorized)) return authorized;
    const { actor } = authorized.right;
    if (actor.kind === 'member' && !seesRoster(actor)) return E.right({ items: [actor.membership], nextCursor: null });
    return E.right(await deps.memberships.listForOrganization(organizationId, { includeCancelled: query.includeCancelled }, query.page));
  };
