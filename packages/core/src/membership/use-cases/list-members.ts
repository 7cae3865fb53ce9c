import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { authorize, type Actor, type AuthorizationError, type AuthorizeDeps } from '../authorize.js';
import { can, PLATFORM_ADMIN_CAPABILITIES } from '../capability.js';
import type { Membership } from '../membership.js';

/** What a roster request asks for. */
export interface ListMembersQuery {
  /** `?include=cancelled`. */
  readonly includeCancelled: boolean;
  readonly page: PageRequest;
}

const seesRoster = (actor: Actor): boolean =>
  actor.kind === 'platform_admin' ||
  can(actor.membership.role, 'members.list') ||
  (actor.platformAdmin && PLATFORM_ADMIN_CAPABILITIES.includes('members.list'));

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
    pipe(
      authorize(deps)(caller, organizationId, 'organization.read'),
      TE.flatMap(({ actor }) =>
        actor.kind === 'member' && !seesRoster(actor)
          ? TE.right<AuthorizationError, Page<Membership>>({ items: [actor.membership], nextCursor: null })
          : fromPort(() => deps.memberships.listForOrganization(organizationId, { includeCancelled: query.includeCancelled }, query.page)),
      ),
    );
