import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122005804_initial } from './20261122005804-initial.js';
import { Migration20261123135614_organizations_invitations_audit } from './20261123135614-organizations-invitations-audit.js';
import { Migration20261123145211_payments } from './20261123145211-payments.js';
import { Migration20261125141413_devices } from './20261125141413-devices.js';
import { Migration20261125141948_payment_subscriptions } from './20261125141948-payment-subscriptions.js';
import { Migration20261204170000_compliance_read_audit } from './20261204170000-compliance-read-audit.js';
import { Migration20261204170100_users_email_verified } from './20261204170100-users-email-verified.js';
import { Migration20261204170300_organization_soft_delete } from './20261204170300-organization-soft-delete.js';
import { Migration20261204170400_organizations_ownerless } from './20261204170400-organizations-ownerless.js';
import { Migration20261205140842_organization_slugs } from './20261205140842-organization-slugs.js';
import { Migration20261205141212_outbound_events } from './20261205141212-outbound-events.js';
import { Migration20261205141308_agreements } from './20261205141308-agreements.js';
import { Migration20261205141543_plans } from './20261205141543-plans.js';
import { Migration20261205142327_idempotency_records } from './20261205142327-idempotency-records.js';
import { Migration20261205142728_purchases } from './20261205142728-purchases.js';
import { Migration20261206001500_agreement_renditions } from './20261206001500-agreement-renditions.js';
import { Migration20261206001600_purchase_grants } from './20261206001600-purchase-grants.js';
import { Migration20261206050000_users_verified_email_index } from './20261206050000-users-verified-email-index.js';

/** Every migration, oldest first. Register each generated class here: there is no glob discovery. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122005804_initial', class: Migration20261122005804_initial },
  { name: 'Migration20261123135614_organizations_invitations_audit', class: Migration20261123135614_organizations_invitations_audit },
  { name: 'Migration20261123145211_payments', class: Migration20261123145211_payments },
  { name: 'Migration20261125141413_devices', class: Migration20261125141413_devices },
  { name: 'Migration20261125141948_payment_subscriptions', class: Migration20261125141948_payment_subscriptions },
  { name: 'Migration20261204170000_compliance_read_audit', class: Migration20261204170000_compliance_read_audit },
  { name: 'Migration20261204170100_users_email_verified', class: Migration20261204170100_users_email_verified },
  { name: 'Migration20261204170300_organization_soft_delete', class: Migration20261204170300_organization_soft_delete },
  { name: 'Migration20261204170400_organizations_ownerless', class: Migration20261204170400_organizations_ownerless },
  { name: 'Migration20261205140842_organization_slugs', class: Migration20261205140842_organization_slugs },
  { name: 'Migration20261205141212_outbound_events', class: Migration20261205141212_outbound_events },
  { name: 'Migration20261205141308_agreements', class: Migration20261205141308_agreements },
  { name: 'Migration20261205141543_plans', class: Migration20261205141543_plans },
  { name: 'Migration20261205142327_idempotency_records', class: Migration20261205142327_idempotency_records },
  { name: 'Migration20261205142728_purchases', class: Migration20261205142728_purchases },
  { name: 'Migration20261206001500_agreement_renditions', class: Migration20261206001500_agreement_renditions },
  { name: 'Migration20261206001600_purchase_grants', class: Migration20261206001600_purchase_grants },
  { name: 'Migration20261206050000_users_verified_email_index', class: Migration20261206050000_users_verified_email_index },
];
