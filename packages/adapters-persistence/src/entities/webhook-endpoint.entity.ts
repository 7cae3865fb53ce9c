import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** A `webhook_endpoints` row as the ORM sees it. */
export interface WebhookEndpointRow {
  id: string;
  organization: OrganizationRow;
  url: string;
  /** Empty: every event type. */
  eventTypes: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  /** Sealed (JWE); never logged. */
  sealedSecret: string;
  previousSealedSecret: string | null;
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The `webhook_endpoints` table: an organization's endpoints, their sealed secrets and failing streaks. */
export const WebhookEndpointSchema = new EntitySchema<WebhookEndpointRow>({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'cascade' },
    url: { type: 'text' },
    eventTypes: { type: 'text[]', columnType: 'text[]', fieldName: 'event_types', defaultRaw: `'{}'` },
    description: { type: 'text', nullable: true },
    enabled: { type: 'boolean' },
    disabledReason: { enum: true, items: ['gone', 'failing'], fieldName: 'disabled_reason', nullable: true },
    sealedSecret: { type: 'text', fieldName: 'sealed_secret' },
    previousSealedSecret: { type: 'text', fieldName: 'previous_sealed_secret', nullable: true },
    previousSecretExpiresAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'previous_secret_expires_at', nullable: true },
    failingSince: { ...MILLISECOND_TIMESTAMP, fieldName: 'failing_since', nullable: true },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
  },
  indexes: [{ name: 'webhook_endpoints_organization_index', properties: ['organization', 'createdAt', 'id'] }],
});
