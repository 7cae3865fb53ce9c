import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError } from '../../membership/authorize.js';
import type { MembershipId } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import { issueLink, type IssuedLink } from '../agreement-links.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import type { Agreement, AgreementSummary } from '../agreement.js';
import { agreementNotFound, agreementNotPending, type AgreementNotFound, type AgreementNotPending } from '../agreements.errors.js';

/** What changing one member's agreement can answer. */
export type StaffAgreementError = AuthorizationError | AgreementNotFound | AgreementNotPending;

/** The agreement, locked, when it is this member's in this organization. */
const lockedAgreementOf = async (
  ports: AgreementsPorts,
  organizationId: OrganizationId,
  membershipId: MembershipId,
  agreementId: string,
): Promise<E.Either<AgreementNotFound | AgreementNotPending, Agreement>> => {
  const found = await ports.agreements.lock(agreementId);
  if (O.isNone(found) || found.value.organizationId !== organizationId || found.value.membershipId !== membershipId)
    return E.left(agreementNotFound());
  return found.value.status === 'pending' ? E.right(found.value) : E.left(agreementNotPending(found.value.status));
};

/**
 * Issues a fresh signing link for a member's pending agreement (`agreements.manage`); the old one
 * stops working. Audited as `agreement.link_issued`.
 *
 * @example
 * await reissueAgreementLink(ports)(request.auth, orgId, membershipId, agreementId)(); // Right({ url, expiresAt })
 */
export const reissueAgreementLink =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId,
    agreementId: string,
  ): TE.TaskEither<StaffAgreementError, IssuedLink> =>
  () =>
    ports.unitOfWork.run<StaffAgreementError, IssuedLink>(async () => {
      const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
      if (E.isLeft(authorized)) return authorized;
      const agreement = await lockedAgreementOf(ports, organizationId, membershipId, agreementId);
      if (E.isLeft(agreement)) return agreement;
      const link = await issueLink(ports, agreementId, ports.clock.now());
      await appendAudit(ports, {
        organizationId,
        action: 'agreement.link_issued',
        actorUserId: authorized.right.actor.userId,
        targetType: 'agreement',
        targetId: agreementId,
        before: null,
        after: { expiresAt: link.expiresAt.toISOString() },
      });
      return E.right(link);
    });

/**
 * Revokes a member's pending agreement and its links (`agreements.manage`); a signed one is
 * immutable (`AgreementNotPending`). Audited as `agreement.revoked`.
 *
 * @example
 * await revokeAgreement(ports)(request.auth, orgId, membershipId, agreementId)();
 */
export const revokeAgreement =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId,
    agreementId: string,
  ): TE.TaskEither<StaffAgreementError, Agreement> =>
  () =>
    ports.unitOfWork.run<StaffAgreementError, Agreement>(async () => {
      const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
      if (E.isLeft(authorized)) return authorized;
      const agreement = await lockedAgreementOf(ports, organizationId, membershipId, agreementId);
      if (E.isLeft(agreement)) return agreement;
      const at = ports.clock.now();
      if (!(await ports.agreements.revoke(agreementId, at))) return E.left(agreementNotPending('no longer pending'));
      await appendAudit(ports, {
        organizationId,
        action: 'agreement.revoked',
        actorUserId: authorized.right.actor.userId,
        targetType: 'agreement',
        targetId: agreementId,
        before: { status: 'pending' },
        after: { status: 'revoked' },
      });
      return E.right({ ...agreement.right, status: 'revoked', revokedAt: at });
    });

/**
 * An organization's agreements with their status, or one member's (`agreements.manage`), newest first.
 *
 * @example
 * await listOrganizationAgreements(ports)(request.auth, orgId, null)(); // Right([summary])
 */
export const listOrganizationAgreements =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId | null,
  ): TE.TaskEither<AuthorizationError, readonly AgreementSummary[]> =>
  async () => {
    const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
    return E.isLeft(authorized) ? authorized : E.right(await ports.agreements.listForOrganization(organizationId, membershipId));
  };
