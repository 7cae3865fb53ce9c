import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../../identity/identity.errors.js';
import { requireUser } from '../../identity/require-user.js';
import { issueLink, type IssuedLink } from '../agreement-links.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import type { AgreementSummary } from '../agreement.js';
import { agreementNotFound, agreementNotPending, type AgreementNotFound, type AgreementNotPending } from '../agreements.errors.js';

/**
 * The caller's pending and signed agreements (revoked ones left out), newest first. A caller with no
 * local user yet has none.
 *
 * @example
 * await listMyAgreements(ports)(request.auth)(); // Right([summary])
 */
export const listMyAgreements =
  (ports: AgreementsPorts) =>
  (caller: AuthPayload): TE.TaskEither<never, readonly AgreementSummary[]> =>
  async () => {
    const user = caller.user;
    if (user === null) return E.right([]);
    return E.right((await ports.agreements.listForUser(user.id)).filter((summary) => summary.agreement.status !== 'revoked'));
  };

/** What asking for one's own link can answer. */
export type MyLinkError = UserNotFound | UserDeleted | AgreementNotFound | AgreementNotPending;

/**
 * A fresh signing link for one of the caller's pending agreements (the old one stops working), so
 * the app can open the hosted page or render its own form. Audited as `agreement.link_issued`.
 *
 * @example
 * await issueMyAgreementLink(ports)(request.auth, agreementId)(); // Right({ url, expiresAt })
 */
export const issueMyAgreementLink =
  (ports: AgreementsPorts) =>
  (caller: AuthPayload, agreementId: string): TE.TaskEither<MyLinkError, IssuedLink> =>
  () =>
    ports.unitOfWork.run<MyLinkError, IssuedLink>(async () => {
      const user = requireUser(caller);
      if (E.isLeft(user)) return user;
      const agreement = await ports.agreements.lock(agreementId);
      if (O.isNone(agreement)) return E.left(agreementNotFound());
      const membership = await ports.memberships.findById(agreement.value.membershipId);
      // Someone else's agreement answers as a missing one: no enumeration.
      if (O.isNone(membership) || membership.value.userId !== user.right.id) return E.left(agreementNotFound());
      if (agreement.value.status !== 'pending') return E.left(agreementNotPending(agreement.value.status));
      const link = await issueLink(ports, agreementId, ports.clock.now());
      await appendAudit(ports, {
        organizationId: agreement.value.organizationId,
        action: 'agreement.link_issued',
        actorUserId: user.right.id,
        targetType: 'agreement',
        targetId: agreementId,
        before: null,
        after: { expiresAt: link.expiresAt.toISOString() },
      });
      return E.right(link);
    });
