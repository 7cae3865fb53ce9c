import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { AuditEntry } from '../audit-entry.js';
import type { AuditLog } from '../ports/audit-log.js';

/**
 * An organization's audit trail, newest first, cursor-paginated (`audit.read`: owner, admin).
 *
 * @example
 * await listAuditEntries({ organizations, memberships, auditLog })(request.auth, orgId, pageRequest())(); // Right({ items, nextCursor })
 */
export const listAuditEntries =
  (deps: AuthorizeDeps & { readonly auditLog: AuditLog }) =>
  (caller: AuthPayload, organizationId: OrganizationId, page: PageRequest): TE.TaskEither<AuthorizationError, Page<AuditEntry>> =>
    pipe(
      authorize(deps)(caller, organizationId, 'audit.read'),
      TE.flatMap(() => fromPort(() => deps.auditLog.list(organizationId, page))),
    );
