import * as O from 'fp-ts/lib/Option.js';
import type { PaymentProvider } from '../payments/payment.js';
import type { PaymentSubscriptions } from '../payments/ports/payment-subscriptions.js';
import type { OrganizationId } from '../organization/organization.js';
import type { PaymentSubscription, SubscriptionLinkStatus } from '../payments/subscription.js';

/** The PaymentSubscriptions port in memory, unique on (provider, subscription reference). */
export class InMemoryPaymentSubscriptions implements PaymentSubscriptions {
  private readonly rows = new Map<string, PaymentSubscription>();

  async create(subscription: PaymentSubscription): Promise<'created' | 'exists'> {
    const key = `${subscription.provider}\u0000${subscription.subscriptionReferenceCode}`;
    if (this.rows.has(key)) return 'exists';
    this.rows.set(key, subscription);
    return 'created';
  }

  /** The subscription a provider's reference code names, if it was linked. */
  async findByReference(provider: PaymentProvider, subscriptionReferenceCode: string): Promise<O.Option<PaymentSubscription>> {
    return O.fromNullable(this.rows.get(`${provider}\u0000${subscriptionReferenceCode}`));
  }

  async listForOrganization(organizationId: OrganizationId, status: SubscriptionLinkStatus): Promise<readonly PaymentSubscription[]> {
    return [...this.rows.values()]
      .filter((row) => row.organizationId === organizationId && row.status === status)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async setStatus(id: string, status: SubscriptionLinkStatus): Promise<void> {
    for (const [key, row] of this.rows) if (row.id === id) this.rows.set(key, { ...row, status });
  }

  /** Every linked subscription, for assertions. */
  all(): readonly PaymentSubscription[] {
    return [...this.rows.values()];
  }
}
