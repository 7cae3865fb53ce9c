import type { AgreementsPorts } from '../agreements/agreement-ports.js';
import type { AuditTrailDeps } from '../audit/audit-trail.js';
import type { RecordEventPorts } from '../events/record-event.js';
import type { PaymentFulfilment } from '../payments/ports/payment-fulfilment.js';
import type { AuthorizedWriteDeps } from '../membership/authorized-write.js';
import type { PaymentGateway } from '../payments/ports/payment-gateway.js';
import type { PaymentTransactions } from '../payments/ports/payment-transactions.js';
import type { PaymentSettings } from '../payments/start-at-provider.js';
import type { PaymentSweepSettings } from '../payments/use-cases/sweep-payments.js';
import type { Clock } from '../shared/clock.js';
import type { IdGenerator } from '../shared/id-generator.js';
import { fingerprintText, type IdempotencyAnswer, type IdempotencyKey } from './idempotency.js';
import type { BodyFingerprints } from './ports/body-fingerprints.js';
import type { IdempotencyRecords } from './ports/idempotency-records.js';
import type { Plans } from './ports/plans.js';
import type { PurchaseStatusTokens } from './ports/purchase-status-tokens.js';
import type { Purchases } from './ports/purchases.js';
import type { PurchaseId } from './purchase.js';
import { createPlan } from './use-cases/create-plan.js';
import { getPublicProfile } from './use-cases/get-public-profile.js';
import { getPurchaseStatus } from './use-cases/get-purchase-status.js';
import { issuePurchaseAgreementLink } from './use-cases/issue-purchase-agreement-link.js';
import { listFlaggedPurchases } from './use-cases/list-flagged-purchases.js';
import { listPlans } from './use-cases/list-plans.js';
import { startPurchase } from './use-cases/start-purchase.js';
import { updatePlan } from './use-cases/update-plan.js';
import { withIdempotency } from './use-cases/with-idempotency.js';

/** Every port the commerce area needs, by name. */
export interface CommercePorts
  extends
    AuthorizedWriteDeps,
    RecordEventPorts,
    AuditTrailDeps,
    Pick<AgreementsPorts, 'agreementTemplates' | 'agreements' | 'agreementDigests' | 'agreementSettings'> {
  readonly plans: Plans;
  readonly purchases: Purchases;
  readonly idempotencyRecords: IdempotencyRecords;
  readonly bodyFingerprints: BodyFingerprints;
  readonly purchaseStatusTokens: PurchaseStatusTokens;
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentFulfilment: PaymentFulfilment;
  readonly paymentGateway: PaymentGateway;
  readonly paymentSettings: PaymentSettings;
  readonly paymentSweep: PaymentSweepSettings;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** The body fields a purchase's fingerprint leaves out, so nothing derived from them is kept. */
export const UNFINGERPRINTED_FIELDS: readonly string[] = ['card', 'nationalId'];

/**
 * The commerce area's use cases bound to their ports: an organization's plans (`billing.manage` to
 * write, `billing.read` to read), its public profile by slug, and a visitor's purchase (once per
 * `Idempotency-Key`) and its status.
 *
 * @example
 * const commerce = commerceArea({ organizations, memberships, plans, purchases, … });
 * await commerce.getPublicProfile(slug)();
 */
export const commerceArea = (ports: CommercePorts) => {
  const idempotently = withIdempotency(ports);
  return {
    /** See `createPlan`. */
    createPlan: createPlan(ports),
    /** See `listPlans`. */
    listPlans: listPlans(ports),
    /** See `updatePlan`. */
    updatePlan: updatePlan(ports),
    /** See `getPublicProfile`. */
    getPublicProfile: getPublicProfile(ports),
    /** See `startPurchase`. */
    startPurchase: startPurchase(ports),
    /** See `getPurchaseStatus`. */
    getPurchaseStatus: getPurchaseStatus(ports),
    /** See `issuePurchaseAgreementLink`. */
    issuePurchaseAgreementLink: issuePurchaseAgreementLink(ports),
    /** See `listFlaggedPurchases`. */
    listFlaggedPurchases: listFlaggedPurchases(ports),
    /**
     * Answers a purchase request once per scope and `Idempotency-Key` (see `withIdempotency`), its
     * body compared by a keyed fingerprint without the card and the national ID.
     */
    purchaseOnce: (scope: string, key: IdempotencyKey, body: Readonly<Record<string, unknown>>, answer: () => Promise<IdempotencyAnswer>) =>
      idempotently(scope, key, ports.bodyFingerprints.fingerprint(fingerprintText(body, UNFINGERPRINTED_FIELDS)), answer),
    /** The status token of a purchase until `expiresAt` (the same every time: a replay answers it again). */
    purchaseStatusToken: (purchaseId: PurchaseId, expiresAt: Date): string => ports.purchaseStatusTokens.issue(purchaseId, expiresAt),
  };
};

/** The commerce area's bound use cases. */
export type CommerceArea = ReturnType<typeof commerceArea>;
