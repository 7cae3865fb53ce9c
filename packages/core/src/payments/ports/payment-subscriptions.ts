import type { Option } from 'fp-ts/lib/Option.js';
import type { PaymentProvider } from '../payment.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { PaymentSubscription, SubscriptionLinkStatus } from '../subscription.js';

/** The `payment_subscriptions` rows: which organization and plan a provider subscription belongs to. */
export interface PaymentSubscriptions {
  /** Inserts the link unless the provider's subscription is already linked ('exists' then, nothing written). */
  create(subscription: PaymentSubscription): Promise<'created' | 'exists'>;
  /** The subscription a provider's reference code names, if it was linked. */
  findByReference(provider: PaymentProvider, subscriptionReferenceCode: string): Promise<Option<PaymentSubscription>>;
  /** The organization's linked subscriptions in a status, oldest first. */
  listForOrganization(organizationId: OrganizationId, status: SubscriptionLinkStatus): Promise<readonly PaymentSubscription[]>;
  /** Records where a link stands (cancelled at the provider, or its cancel failed). */
  setStatus(id: string, status: SubscriptionLinkStatus): Promise<void>;
}
