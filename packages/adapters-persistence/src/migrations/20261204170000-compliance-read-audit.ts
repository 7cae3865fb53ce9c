import { Migration } from '@mikro-orm/migrations';

/**
 * National IDs: `compliance.read` joins the audited actions (every compliance read is recorded), and
 * the national IDs of users deleted before deletion erased them are erased now (a deleted user's
 * national ID is never kept). The erasure is not undone by `down`.
 */
export class Migration20261204170000_compliance_read_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "audit_entries" drop constraint if exists "audit_entries_action_check";`);

    this.addSql(
      `alter table "audit_entries" add constraint "audit_entries_action_check" check("action" in ('organization.created', 'organization.updated', 'invitation.created', 'invitation.resent', 'invitation.revoked', 'invitation.declined', 'invitation.accepted', 'invitation.expired', 'membership.role_changed', 'membership.suspended', 'membership.reinstated', 'membership.removed', 'membership.left', 'membership.cancelled', 'ownership.transferred', 'compliance.read'));`,
    );

    this.addSql(`delete from "national_ids" where "user_id" in (select "id" from "users" where "deleted_at" is not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "audit_entries" drop constraint if exists "audit_entries_action_check";`);

    this.addSql(
      `alter table "audit_entries" add constraint "audit_entries_action_check" check("action" in ('organization.created', 'organization.updated', 'invitation.created', 'invitation.resent', 'invitation.revoked', 'invitation.declined', 'invitation.accepted', 'invitation.expired', 'membership.role_changed', 'membership.suspended', 'membership.reinstated', 'membership.removed', 'membership.left', 'membership.cancelled', 'ownership.transferred'));`,
    );
  }
}
