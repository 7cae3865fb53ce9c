import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AgreementStatus, AgreementSummary } from '../../agreements/agreement.js';
import { issueLink, type IssuedLink } from '../../agreements/agreement-links.js';
import type { AgreementsPorts } from '../../agreements/agreement-ports.js';
import type { Membership } from '../../membership/membership.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import type { PaymentTransactions } from '../../payments/ports/payment-transactions.js';
import type { Clock } from '../../shared/clock.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { PurchaseNotFound, StatusTokenExpired } from '../commerce.errors.js';
import type { Purchases } from '../ports/purchases.js';
import type { PurchaseStatusTokens } from '../ports/purchase-status-tokens.js';
import { shownStatus, type Purchase, type PurchaseId, type PurchaseStatus } from '../purchase.js';
import { checkStatusToken } from '../purchase-status-check.js';

/**
 * What the buyer does next: pay; sign the agreements; accept the invitation in the app (they have an
 * account); check their e-mail for the sign-up link (they have none yet); ask the organization (paid,
 * but nothing could be granted); or nothing more.
 */
export type PurchaseNextStep = 'pay' | 'sign_agreements' | 'accept_invitation' | 'check_email' | 'contact_organization' | 'none';

/** One agreement the buyer is asked to sign; its link only on the one answer that carries it. */
export interface PurchaseAgreement {
  readonly id: string;
  readonly title: string;
  readonly status: AgreementStatus;
  readonly link: IssuedLink | null;
}

/** A purchase as its buyer follows it. */
export interface PurchaseProgress {
  readonly purchase: Purchase;
  readonly status: PurchaseStatus;
  readonly validUntil: Date | null;
  readonly next: PurchaseNextStep;
  readonly agreements: readonly PurchaseAgreement[];
}

/** Ports the buyer's status needs. */
export interface GetPurchaseStatusDeps extends Pick<AgreementsPorts, 'agreements' | 'agreementDigests' | 'agreementSettings'> {
  readonly purchases: Purchases;
  readonly paymentTransactions: PaymentTransactions;
  readonly purchaseStatusTokens: PurchaseStatusTokens;
  readonly memberships: Memberships;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
}

const nextStep = (status: PurchaseStatus, membership: Membership | null, agreements: readonly AgreementSummary[]): PurchaseNextStep => {
  if (status === 'awaiting_payment') return 'pay';
  if (status === 'failed' || status === 'expired') return 'none';
  if (membership === null) return 'contact_organization';
  if (agreements.some(({ agreement }) => agreement.status === 'pending')) return 'sign_agreements';
  if (membership.status === 'pending_invitation') return 'accept_invitation';
  if (membership.status === 'invited') return 'check_email';
  return 'none';
};

// The membership became active (its invitation was accepted): the purchase is completed, once.
const completeIfActive = async (
  deps: GetPurchaseStatusDeps,
  purchase: Purchase,
  membership: Membership | null,
): Promise<PurchaseStatus> => {
  if (purchase.status !== 'paid' || membership?.status !== 'active') return purchase.status;
  await deps.purchases.moveStatus(purchase.id, ['paid'], 'completed', deps.clock.now());
  return 'completed';
};

// Spec: the signing links are answered once, on the first poll after `paid`; the guarded mark makes
// that one poll of any number at once. Each new link replaces the agreement's earlier ones.
const linksOnce = (
  deps: GetPurchaseStatusDeps,
  purchase: Purchase,
  agreements: readonly AgreementSummary[],
): Promise<ReadonlyMap<string, IssuedLink>> =>
  deps.unitOfWork
    .run(async () => {
      const links = new Map<string, IssuedLink>();
      if (!(await deps.purchases.markLinksAnswered(purchase.id, deps.clock.now()))) return E.right(links);
      for (const { agreement } of agreements) {
        if (agreement.status === 'pending') links.set(agreement.id, await issueLink(deps, agreement.id, deps.clock.now()));
      }
      return E.right(links);
    })
    .then(E.toUnion);

/**
 * A purchase's status for its buyer, authenticated by its status token (see `checkStatusToken`):
 * the status (a paid purchase whose membership is active reads as, and moves to, `completed`), until
 * when a month or year plan is valid, what the buyer does next, and the agreements they are asked to
 * sign, with their signing links on the first answer after payment only.
 *
 * @example
 * await getPurchaseStatus(deps)(purchaseId, token)(); // Right({ status: 'paid', next: 'sign_agreements', agreements: [{ link: { url } }] })
 */
export const getPurchaseStatus =
  (deps: GetPurchaseStatusDeps) =>
  (purchaseId: PurchaseId, token: string): TE.TaskEither<PurchaseNotFound | StatusTokenExpired, PurchaseProgress> =>
  async () => {
    const found = await checkStatusToken(deps, purchaseId, token);
    if (E.isLeft(found)) return found;
    const purchase = found.right;
    const payment = await deps.paymentTransactions.findById(purchase.paymentId);
    const membership = purchase.membershipId === null ? null : O.toNullable(await deps.memberships.findById(purchase.membershipId));
    const status = O.isNone(payment) ? purchase.status : shownStatus(purchase, payment.value.status);
    const current = status === purchase.status ? await completeIfActive(deps, purchase, membership) : status;
    const summaries =
      purchase.membershipId === null ? [] : await deps.agreements.listForOrganization(purchase.organizationId, purchase.membershipId);
    const links = purchase.linksAnsweredAt === null && summaries.length > 0 ? await linksOnce(deps, purchase, summaries) : new Map();
    return E.right({
      purchase,
      status: current,
      validUntil: purchase.validUntil,
      next: nextStep(current, membership, summaries),
      agreements: summaries.map(({ agreement, title }) => ({
        id: agreement.id,
        title,
        status: agreement.status,
        link: links.get(agreement.id) ?? null,
      })),
    });
  };
