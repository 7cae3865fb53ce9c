import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { issueLink, type IssuedLink } from '../../agreements/agreement-links.js';
import type { AgreementsPorts } from '../../agreements/agreement-ports.js';
import {
  agreementNotFound,
  agreementNotPending,
  type AgreementNotFound,
  type AgreementNotPending,
} from '../../agreements/agreements.errors.js';
import { appendAudit, type AuditTrailDeps } from '../../audit/audit-trail.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { PurchaseNotFound, StatusTokenExpired } from '../commerce.errors.js';
import type { PurchaseStatusTokens } from '../ports/purchase-status-tokens.js';
import type { Purchases } from '../ports/purchases.js';
import type { PurchaseId } from '../purchase.js';
import { checkStatusToken } from '../purchase-status-check.js';

/** Ports a buyer's fresh signing link needs. */
export interface IssuePurchaseAgreementLinkDeps
  extends Pick<AgreementsPorts, 'agreements' | 'agreementDigests' | 'agreementSettings'>, AuditTrailDeps {
  readonly purchases: Purchases;
  readonly purchaseStatusTokens: PurchaseStatusTokens;
  readonly unitOfWork: UnitOfWork;
}

/** What a buyer's link request can answer. */
export type IssuePurchaseAgreementLinkError = PurchaseNotFound | StatusTokenExpired | AgreementNotFound | AgreementNotPending;

/**
 * A buyer who lost their signing link asks for a fresh one with the purchase's status token: the
 * agreement must be one the purchase's membership was asked to sign (another is `AgreementNotFound`,
 * no enumeration) and still pending. The new link replaces the earlier ones, audited as
 * `agreement.link_issued` with the purchase named.
 *
 * @example
 * await issuePurchaseAgreementLink(deps)(purchaseId, token, agreementId)(); // Right({ url, expiresAt })
 */
export const issuePurchaseAgreementLink =
  (deps: IssuePurchaseAgreementLinkDeps) =>
  (purchaseId: PurchaseId, token: string, agreementId: string): TE.TaskEither<IssuePurchaseAgreementLinkError, IssuedLink> =>
  async () => {
    const purchase = await checkStatusToken(deps, purchaseId, token);
    if (E.isLeft(purchase)) return purchase;
    const { membershipId } = purchase.right;
    return deps.unitOfWork.run<IssuePurchaseAgreementLinkError, IssuedLink>(async () => {
      const agreement = await deps.agreements.lock(agreementId);
      if (O.isNone(agreement) || membershipId === null || agreement.value.membershipId !== membershipId) return E.left(agreementNotFound());
      if (agreement.value.status !== 'pending') return E.left(agreementNotPending(agreement.value.status));
      const link = await issueLink(deps, agreementId, deps.clock.now());
      await appendAudit(deps, {
        organizationId: agreement.value.organizationId,
        action: 'agreement.link_issued',
        actorUserId: null,
        targetType: 'agreement',
        targetId: agreementId,
        before: null,
        after: { actorPurchaseId: purchaseId, expiresAt: link.expiresAt.toISOString() },
      });
      return E.right(link);
    });
  };
