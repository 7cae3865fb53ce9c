import {
  Currency,
  OrganizationId,
  SubscriptionLinkStatus,
  SubscriptionReferenceCode,
  UserId,
  type PaymentProvider,
  type PaymentSubscription,
  type PaymentSubscriptions,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { InvalidRow } from '../errors/invalid-row.js';
import { guarded } from '../errors/translate-error.js';
import { toNumber, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from '../columns/decode-column.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS =
  '"id", "organization_id", "provider", "subscription_reference_code", "amount_minor", "currency", "description", "created_by", "created_at", "status"';
const CREATE = statement(
  'payment_subscriptions_create',
  `insert into "payment_subscriptions" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("provider", "subscription_reference_code") do nothing`,
);
const FIND = statement(
  'payment_subscriptions_find',
  `select ${COLUMNS} from "payment_subscriptions" where "provider" = ? and "subscription_reference_code" = ?`,
);
const LIST_FOR_ORGANIZATION = statement(
  'payment_subscriptions_list_for_organization',
  `select ${COLUMNS} from "payment_subscriptions" where "organization_id" = ? and "status" = ? order by "created_at", "id"`,
);
const SET_STATUS = statement('payment_subscriptions_set_status', `update "payment_subscriptions" set "status" = ? where "id" = ?`);

interface SubscriptionRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly provider: unknown;
  readonly subscription_reference_code: unknown;
  readonly amount_minor: unknown;
  readonly currency: unknown;
  readonly description: unknown;
  readonly created_by: unknown;
  readonly created_at: unknown;
  readonly status: unknown;
}

const toDomain = (row: SubscriptionRecord, parseDate: DateParser): PaymentSubscription => {
  const amountMinor = toNumber(row.amount_minor);
  if (amountMinor === null || !Number.isSafeInteger(amountMinor)) throw new InvalidRow('payment_subscriptions.amount_minor', 'amount');
  if (row.provider !== 'iyzico') throw new InvalidRow('payment_subscriptions.provider', 'iyzico');
  return {
    id: decodeColumn(Text, row.id, 'payment_subscriptions.id'),
    organizationId: decodeColumn(OrganizationId, row.organization_id, 'payment_subscriptions.organization_id'),
    provider: 'iyzico',
    subscriptionReferenceCode: decodeColumn(
      SubscriptionReferenceCode,
      row.subscription_reference_code,
      'payment_subscriptions.subscription_reference_code',
    ),
    amountMinor,
    currency: decodeColumn(Currency, row.currency, 'payment_subscriptions.currency'),
    description: decodeColumn(Text, row.description, 'payment_subscriptions.description'),
    createdBy: decodeNullable(UserId, row.created_by, 'payment_subscriptions.created_by'),
    createdAt: requireDate(row.created_at, parseDate, 'payment_subscriptions.created_at'),
    status: decodeColumn(SubscriptionLinkStatus, row.status, 'payment_subscriptions.status'),
  };
};

/** The PaymentSubscriptions port on raw SQL, unique on (provider, subscription reference). */
export class SqlPaymentSubscriptions implements PaymentSubscriptions {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(s: PaymentSubscription): Promise<'created' | 'exists'> {
    return guarded('paymentSubscriptions.create', async () => {
      const inserted = await this.sql.run(CREATE, [
        s.id,
        s.organizationId,
        s.provider,
        s.subscriptionReferenceCode,
        s.amountMinor,
        s.currency,
        s.description,
        s.createdBy,
        s.createdAt,
        s.status,
      ]);
      return inserted > 0 ? 'created' : 'exists';
    });
  }

  /** The subscription a provider's reference code names, if it was linked. */
  findByReference(provider: PaymentProvider, subscriptionReferenceCode: string): Promise<O.Option<PaymentSubscription>> {
    return guarded('paymentSubscriptions.findByReference', async () => {
      const [row] = await this.sql.rows<SubscriptionRecord>(FIND, [provider, subscriptionReferenceCode]);
      return row === undefined ? O.none : O.some(toDomain(row, this.parseDate));
    });
  }

  /** The organization's linked subscriptions in a status, oldest first. */
  listForOrganization(organizationId: OrganizationId, status: SubscriptionLinkStatus): Promise<readonly PaymentSubscription[]> {
    return guarded('paymentSubscriptions.listForOrganization', async () =>
      (await this.sql.rows<SubscriptionRecord>(LIST_FOR_ORGANIZATION, [organizationId, status])).map((row) =>
        toDomain(row, this.parseDate),
      ),
    );
  }

  /** Records where a link stands. */
  setStatus(id: string, status: SubscriptionLinkStatus): Promise<void> {
    return guarded('paymentSubscriptions.setStatus', async () => {
      await this.sql.run(SET_STATUS, [status, id]);
    });
  }
}
