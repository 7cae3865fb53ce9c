import * as t from 'io-ts';
import {
  AppVersion,
  AuditAction,
  InstallationId,
  Locale,
  Platform,
  AuditTargetType,
  Currency,
  Email,
  IdpUserId,
  InvitationId,
  InvitationStatus,
  MembershipId,
  MembershipStatus,
  OrganizationId,
  OrganizationName,
  OrganizationSlug,
  PaymentId,
  PaymentProvider,
  PaymentStatus,
  RevokedReason,
  Role,
  UserId,
  UUID_SCHEMA,
  withJsonSchema,
} from '@idv/core';

// The shapes of the answers, as io-ts codecs: the views in json-views.ts are typed by them (a field
// added to a view without its codec fails to compile) and the OpenAPI document describes them.

/** A timestamp; JSON carries it as an ISO 8601 string. */
export const DateTime = withJsonSchema(
  new t.Type<Date, string, unknown>(
    'DateTime',
    (u): u is Date => u instanceof Date,
    (u, c) => (typeof u === 'string' && !Number.isNaN(Date.parse(u)) ? t.success(new Date(u)) : t.failure(u, c)),
    (date) => date.toISOString(),
  ),
  { type: 'string', format: 'date-time' },
);

/** A UUID that a view carries as a plain string. */
const Uuid = withJsonSchema(
  new t.Type<string, string, unknown>(
    'Uuid',
    (u): u is string => typeof u === 'string',
    (u, c) => t.string.validate(u, c),
    t.identity,
  ),
  UUID_SCHEMA,
);

/** A codec's value, or null. */
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** `{ organization }` and friends. */
export const OrganizationView = t.type(
  { id: OrganizationId, name: OrganizationName, slug: OrganizationSlug, createdAt: DateTime, updatedAt: DateTime },
  'Organization',
);

/** An organization whose owner the provider deleted, and since when. */
export const OwnerlessOrganizationView = t.intersection([OrganizationView, t.type({ ownerlessSince: DateTime })], 'OwnerlessOrganization');

/** A membership (`id` is the membership id). */
export const MembershipView = t.type(
  {
    id: MembershipId,
    organizationId: OrganizationId,
    userId: nullable(UserId),
    email: nullable(Email),
    role: Role,
    status: MembershipStatus,
    createdAt: DateTime,
    updatedAt: DateTime,
    /** A purchased month or year plan's end; null otherwise. */
    validUntil: nullable(DateTime),
  },
  'Membership',
);

/** An invitation: never its token. */
export const InvitationView = t.type(
  {
    id: InvitationId,
    organizationId: OrganizationId,
    email: Email,
    role: Role,
    status: InvitationStatus,
    membershipId: MembershipId,
    expiresAt: DateTime,
    createdAt: DateTime,
    revokedReason: nullable(RevokedReason),
  },
  'Invitation',
);

/** One line of the audit trail; `before`/`after` are flat snapshots. */
export const AuditEntryView = t.type(
  {
    id: t.string,
    action: AuditAction,
    actorUserId: nullable(UserId),
    targetType: AuditTargetType,
    targetId: t.string,
    before: nullable(t.record(t.string, t.union([t.string, t.number, t.boolean, t.null]))),
    after: nullable(t.record(t.string, t.union([t.string, t.number, t.boolean, t.null]))),
    createdAt: DateTime,
  },
  'AuditEntry',
);

/** A payment: never card data or provider secrets. */
export const PaymentView = t.type(
  {
    id: PaymentId,
    organizationId: OrganizationId,
    provider: PaymentProvider,
    merchantReference: t.string,
    description: t.string,
    amountMinor: t.number,
    paidAmountMinor: nullable(t.number),
    currency: Currency,
    status: PaymentStatus,
    failureCode: nullable(t.string),
    lateSuccess: t.boolean,
    subscriptionReferenceCode: nullable(t.string),
    createdAt: t.string,
    updatedAt: t.string,
    completedAt: nullable(t.string),
  },
  'Payment',
);

/** A linked subscription: the plan each iyzico renewal is charged at. */
export const PaymentSubscriptionView = t.type(
  {
    id: t.string,
    organizationId: OrganizationId,
    provider: t.literal('iyzico'),
    subscriptionReferenceCode: t.string,
    amountMinor: t.number,
    currency: Currency,
    description: t.string,
    createdAt: t.string,
  },
  'PaymentSubscription',
);

/** A list page: `{ items, nextCursor }` (null at the end). */
export const pageOf = <C extends t.Mixed>(item: C, name: string) => t.type({ items: t.array(item), nextCursor: nullable(t.string) }, name);

/** `GET /users/me`. */
export const MeView = t.type(
  {
    user: t.type({ id: UserId, idpId: IdpUserId, email: nullable(Email), imageUrl: nullable(t.string) }),
    memberships: t.array(
      t.type({
        id: Uuid,
        organizationId: Uuid,
        organizationName: t.string,
        role: Role,
        status: MembershipStatus,
        validUntil: nullable(DateTime),
      }),
    ),
  },
  'Me',
);

/** A device: its push token masked to the last four characters (`…abcd`), never whole. */
export const DeviceView = t.type(
  {
    installationId: InstallationId,
    platform: Platform,
    appVersion: nullable(AppVersion),
    locale: Locale,
    pushToken: t.string,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  'Device',
);

/** `{ device }` of a registration. */
export const DeviceEnvelope = t.type({ device: DeviceView }, 'DeviceEnvelope');

/** `GET /users/me/devices`. */
export const DeviceList = t.type({ items: t.array(DeviceView) }, 'DeviceList');

/** `{ status: "ok" }` of the probes. */
export const StatusView = t.type({ status: t.literal('ok') }, 'Status');

/** `{ received: true }`: a webhook or callback acknowledged. */
export const ReceivedView = t.type({ received: t.literal(true) }, 'Received');

/** The probes' answer. */
export const STATUS_OK: t.TypeOf<typeof StatusView> = { status: 'ok' };

/** A webhook's or a callback's acknowledgement. */
export const RECEIVED: t.TypeOf<typeof ReceivedView> = { received: true };
