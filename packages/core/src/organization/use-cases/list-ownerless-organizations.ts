import * as TE from 'fp-ts/lib/TaskEither.js';
import { PLATFORM_ADMIN_ROLE, type AuthPayload } from '../../identity/auth-payload.js';
import { userDeleted, type UserDeleted } from '../../identity/identity.errors.js';
import { isDeleted } from '../../identity/user.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { platformAdminOnly, type PlatformAdminOnly } from '../organization.errors.js';
import type { OwnerlessOrganization } from '../organization.js';
import type { Organizations } from '../ports/organizations.js';

/** What listing ownerless organizations can answer. */
export type ListOwnerlessOrganizationsError = UserDeleted | PlatformAdminOnly;

/**
 * The organizations whose owner the provider deleted, longest ownerless first, cursor-paginated:
 * a Platform Admin's work list (each waits for `transferOwnership`, which clears the mark). Anyone
 * else gets `PlatformAdminOnly`.
 *
 * @example
 * await listOwnerlessOrganizations({ organizations })(request.auth, pageRequest())(); // Right({ items: [{ id, name, ownerlessSince, … }], nextCursor })
 */
export const listOwnerlessOrganizations =
  (deps: { readonly organizations: Organizations }) =>
  (caller: AuthPayload, page: PageRequest): TE.TaskEither<ListOwnerlessOrganizationsError, Page<OwnerlessOrganization>> => {
    if (caller.user !== null && isDeleted(caller.user)) return TE.left(userDeleted());
    if (caller.role !== PLATFORM_ADMIN_ROLE) return TE.left(platformAdminOnly());
    return fromPort(() => deps.organizations.listOwnerless(page));
  };
