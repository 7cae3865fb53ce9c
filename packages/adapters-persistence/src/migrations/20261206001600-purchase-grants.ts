import { Migration } from '@mikro-orm/migrations';

/**
 * Until when a purchased membership is valid (`memberships.valid_until`, read with every caller), and
 * what a verified payment grants a purchase (its membership and invitation, when it was paid, until
 * when a month or year plan is valid, its flags for staff, when the signing links were answered),
 * and the audit trail's `purchase.flagged` action on its new `purchase` target.
 */
export class Migration20261206001600_purchase_grants extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "purchases" add column "flags" jsonb not null default '[]', add column "membership_id" uuid null, add column "invitation_id" uuid null, add column "paid_at" timestamptz(3) null, add column "valid_until" timestamptz(3) null, add column "links_answered_at" timestamptz(3) null;`,
    );
    this.addSql(`create index "purchases_membership_index" on "purchases" ("membership_id");`);
    this.addSql(`alter table "memberships" add column "valid_until" timestamptz(3) null;`);
    this.addSql(`alter table "audit_entries" drop constraint if exists "audit_entries_action_check";`);
    this.addSql(`alter table "audit_entries" drop constraint if exists "audit_entries_target_type_check";`);
    this.addSql(
      `alter table "audit_entries" add constraint "audit_entries_action_check" check("action" in ('organization.created', 'organization.updated', 'organization.deleted', 'invitation.created', 'invitation.resent', 'invitation.revoked', 'invitation.declined', 'invitation.accepted', 'invitation.expired', 'membership.role_changed', 'membership.suspended', 'membership.reinstated', 'membership.removed', 'membership.left', 'membership.cancelled', 'ownership.transferred', 'compliance.read', 'organization.owner_lost', 'agreement_template.created', 'agreement_template.updated', 'agreement.requested', 'agreement.link_issued', 'agreement.viewed', 'agreement.signed', 'agreement.revoked', 'purchase.flagged'));`,
    );
    this.addSql(
      `alter table "audit_entries" add constraint "audit_entries_target_type_check" check("target_type" in ('organization', 'membership', 'invitation', 'agreement', 'agreement_template', 'purchase'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "purchases_membership_index";`);
    this.addSql(`alter table "memberships" drop column "valid_until";`);
    this.addSql(
      `alter table "purchases" drop column "flags", drop column "membership_id", drop column "invitation_id", drop column "paid_at", drop column "valid_until", drop column "links_answered_at";`,
    );
    this.addSql(`alter table "audit_entries" drop constraint if exists "audit_entries_action_check";`);
    this.addSql(`alter table "audit_entries" drop constraint if exists "audit_entries_target_type_check";`);
    this.addSql(
      `alter table "audit_entries" add constraint "audit_entries_action_check" check("action" in ('organization.created', 'organization.updated', 'organization.deleted', 'invitation.created', 'invitation.resent', 'invitation.revoked', 'invitation.declined', 'invitation.accepted', 'invitation.expired', 'membership.role_changed', 'membership.suspended', 'membership.reinstated', 'membership.removed', 'membership.left', 'membership.cancelled', 'ownership.transferred', 'compliance.read', 'organization.owner_lost', 'agreement_template.created', 'agreement_template.updated', 'agreement.requested', 'agreement.link_issued', 'agreement.viewed', 'agreement.signed', 'agreement.revoked'));`,
    );
    this.addSql(
      `alter table "audit_entries" add constraint "audit_entries_target_type_check" check("target_type" in ('organization', 'membership', 'invitation', 'agreement', 'agreement_template'));`,
    );
  }
}
