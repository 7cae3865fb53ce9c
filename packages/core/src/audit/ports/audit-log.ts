import type { OrganizationId } from '../../organization/organization.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { AuditEntry } from '../audit-entry.js';

/** The append-only audit trail; appends take part in the surrounding unit of work. */
export interface AuditLog {
  /** Appends one entry; inside a unit of work it commits or rolls back with the change it records. */
  append(entry: AuditEntry): Promise<void>;
  /** An organization's entries, newest first (keyset on `createdAt` desc, `id` desc). */
  list(organizationId: OrganizationId, page: PageRequest): Promise<Page<AuditEntry>>;
}
