import type { AuditAction, AuditEntry } from '../audit/audit-entry.js';
import type { AuditLog } from '../audit/ports/audit-log.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

/** The AuditLog port in memory. */
export class InMemoryAuditLog implements AuditLog {
  private readonly entries: AuditEntry[] = [];

  /** Appends one entry. */
  async append(entry: AuditEntry): Promise<void> {
    if (this.entries.some((existing) => existing.id === entry.id)) throw new Error('unique violation: audit_entries_pkey');
    this.entries.push(entry);
  }

  async list(organizationId: OrganizationId, page: PageRequest): Promise<Page<AuditEntry>> {
    const rows = this.entries.filter((entry) => entry.organizationId === organizationId);
    return paginate(rows, page, { at: (entry) => entry.createdAt, id: (entry) => entry.id, direction: 'desc' });
  }

  /** Every entry in append order, for assertions. */
  all(): readonly AuditEntry[] {
    return [...this.entries];
  }

  /** The actions recorded so far, in append order. */
  actions(): readonly AuditAction[] {
    return this.entries.map((entry) => entry.action);
  }
}
