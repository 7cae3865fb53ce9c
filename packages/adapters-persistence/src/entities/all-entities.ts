import { AgreementLinkSchema, AgreementSchema } from './agreement.entity.js';
import { AgreementRenditionSchema } from './agreement-rendition.entity.js';
import { AgreementTemplateSchema, AgreementTemplateVersionSchema } from './agreement-template.entity.js';
import { AuditEntrySchema } from './audit-entry.entity.js';
import { DeviceSchema } from './device.entity.js';
import { DeliveryAttemptSchema, EventDeliverySchema } from './event-delivery.entity.js';
import { OutboundEventSchema } from './outbound-event.entity.js';
import { WebhookEndpointSchema } from './webhook-endpoint.entity.js';
import { InvitationSchema } from './invitation.entity.js';
import { MembershipSchema } from './membership.entity.js';
import { NationalIdSchema } from './national-id.entity.js';
import { OrganizationSchema } from './organization.entity.js';
import { PaymentCallbackEventSchema } from './payment-callback-event.entity.js';
import { PaymentSubscriptionSchema } from './payment-subscription.entity.js';
import { PaymentTransactionSchema } from './payment-transaction.entity.js';
import { PlanSchema } from './plan.entity.js';
import { IdempotencyRecordSchema } from './idempotency-record.entity.js';
import { PurchaseSchema } from './purchase.entity.js';
import { UserSchema } from './user.entity.js';

/** Every entity schema the ORM must know about. */
export const allEntities = [
  UserSchema,
  OrganizationSchema,
  MembershipSchema,
  InvitationSchema,
  AuditEntrySchema,
  NationalIdSchema,
  PaymentTransactionSchema,
  PaymentCallbackEventSchema,
  DeviceSchema,
  PaymentSubscriptionSchema,
  PlanSchema,
  IdempotencyRecordSchema,
  PurchaseSchema,
  OutboundEventSchema,
  WebhookEndpointSchema,
  EventDeliverySchema,
  DeliveryAttemptSchema,
  AgreementTemplateSchema,
  AgreementTemplateVersionSchema,
  AgreementSchema,
  AgreementLinkSchema,
  AgreementRenditionSchema,
];
