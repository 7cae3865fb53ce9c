import type * as t from 'io-ts';
import {
  maskPushToken,
  type AuditEntry,
  type Device,
  type InvitationView,
  type Me,
  type Membership,
  type Organization,
  type OwnerlessOrganization,
  type Page,
  type PaymentSubscription,
  type PaymentTransaction,
  type Plan,
  type PublicProfile,
} from '@idv/core';
import type {
  AuditEntryView,
  DeviceView,
  InvitationView as InvitationJson,
  MeView,
  MembershipView,
  OrganizationView,
  OwnerlessOrganizationView,
  PaymentSubscriptionView,
  PaymentView,
} from './response-codecs.js';
import type { PlanView, PublicPlanView, PublicProfileView } from './commerce-views.js';

/** A plan as the public page shows it. */
export const publicPlanJson = (plan: Plan): t.TypeOf<typeof PublicPlanView> => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  priceMinor: plan.priceMinor,
  currency: plan.currency,
  period: plan.period,
  grantsRole: plan.grantsRole,
  seatLimit: plan.seatLimit,
});

/** A plan as its organization's staff see it. */
export const planJson = (plan: Plan): t.TypeOf<typeof PlanView> => ({
  ...publicPlanJson(plan),
  organizationId: plan.organizationId,
  agreementTemplateIds: plan.agreementTemplateIds,
  onSale: plan.onSale,
  archivedAt: plan.archivedAt,
  createdAt: plan.createdAt,
  updatedAt: plan.updatedAt,
});

/** `GET /public/organizations/:slug`. */
export const publicProfileJson = ({ organization, plans }: PublicProfile): t.TypeOf<typeof PublicProfileView> => ({
  organization: { name: organization.name, slug: organization.slug },
  plans: plans.map(publicPlanJson),
});

/** An organization as the API shows it. */
export const organizationJson = ({ id, name, slug, createdAt, updatedAt }: Organization): t.TypeOf<typeof OrganizationView> => ({
  id,
  name,
  slug,
  createdAt,
  updatedAt,
});

/** A membership as the API shows it (`id` is the membership id). */
export const membershipJson = ({
  id,
  organizationId,
  userId,
  email,
  role,
  status,
  createdAt,
  updatedAt,
  validUntil,
}: Membership): t.TypeOf<typeof MembershipView> => ({
  id,
  organizationId,
  userId,
  email,
  role,
  status,
  createdAt,
  updatedAt,
  validUntil: validUntil ?? null,
});

/** An invitation as the API shows it: never its token or the token's hash. */
export const invitationJson = ({
  id,
  organizationId,
  email,
  role,
  status,
  membershipId,
  expiresAt,
  createdAt,
  revokedReason,
}: InvitationView): t.TypeOf<typeof InvitationJson> => ({
  id,
  organizationId,
  email,
  role,
  status,
  membershipId,
  expiresAt,
  createdAt,
  revokedReason,
});

/** One line of the audit trail. */
export const auditEntryJson = ({
  id,
  action,
  actorUserId,
  targetType,
  targetId,
  before,
  after,
  createdAt,
}: AuditEntry): t.TypeOf<typeof AuditEntryView> => ({
  id,
  action,
  actorUserId,
  targetType,
  targetId,
  before,
  after,
  createdAt,
});

/** A list page: `{ items, nextCursor }` (null at the end). */
export const pageJson = <T, J>(page: Page<T>, toJson: (item: T) => J) => ({ items: page.items.map(toJson), nextCursor: page.nextCursor });

/** An ownerless organization as the API shows it. */
export const ownerlessJson = (organization: OwnerlessOrganization): t.TypeOf<typeof OwnerlessOrganizationView> => ({
  ...organizationJson(organization),
  ownerlessSince: organization.ownerlessSince,
});

/** `GET /users/me`: the caller and their live memberships. */
export const meJson = ({ user, memberships }: Me): t.TypeOf<typeof MeView> => ({
  user: { id: user.id, idpId: user.idpId, email: user.email, imageUrl: user.imageUrl },
  memberships: memberships.map(({ id, organizationId, organizationName, role, status, validUntil }) => ({
    id,
    organizationId,
    organizationName,
    role,
    status,
    validUntil: validUntil ?? null,
  })),
});

/** A device as the API shows it: the push token masked to its last four characters, never whole. */
export const deviceJson = (device: Device): t.TypeOf<typeof DeviceView> => ({
  installationId: device.installationId,
  platform: device.platform,
  appVersion: device.appVersion,
  locale: device.locale,
  pushToken: maskPushToken(device.pushToken),
  createdAt: device.createdAt,
  updatedAt: device.updatedAt,
});

/** A payment as the API shows it (never card data or provider secrets). */
export const paymentJson = (p: PaymentTransaction): t.TypeOf<typeof PaymentView> => ({
  id: p.id,
  organizationId: p.organizationId,
  provider: p.provider,
  merchantReference: p.merchantReference,
  description: p.description,
  amountMinor: p.amountMinor,
  paidAmountMinor: p.paidAmountMinor,
  currency: p.currency,
  status: p.status,
  failureCode: p.failureCode,
  lateSuccess: p.lateSuccess,
  subscriptionReferenceCode: p.subscriptionReferenceCode,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

/** A linked subscription as the API shows it. */
export const paymentSubscriptionJson = (s: PaymentSubscription): t.TypeOf<typeof PaymentSubscriptionView> => ({
  id: s.id,
  organizationId: s.organizationId,
  provider: s.provider,
  subscriptionReferenceCode: s.subscriptionReferenceCode,
  amountMinor: s.amountMinor,
  currency: s.currency,
  description: s.description,
  createdAt: s.createdAt.toISOString(),
});
