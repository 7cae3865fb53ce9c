import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit } from '../../audit/audit-trail.js';
import { emitEvent } from '../../events/emit-event.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError } from '../../membership/authorize.js';
import { membershipNotFound, type MembershipNotFound } from '../../membership/membership.errors.js';
import type { MembershipId } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import { NOTIFY_REQUESTED_JOB } from '../agreement-jobs.js';
import { issueLink, type IssuedLink } from '../agreement-links.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import { REQUESTABLE_STATUSES, type Agreement, type AgreementSummary } from '../agreement.js';
import { textLanguage } from '../agreement-template.js';
import {
  agreementTemplateArchived,
  agreementTemplateNotFound,
  membershipNotRequestable,
  type AgreementTemplateArchived,
  type AgreementTemplateNotFound,
  type MembershipNotRequestable,
} from '../agreements.errors.js';

/** A new request as staff list it (the version's title and number), and its signing link, answered once. */
export interface RequestedAgreement extends AgreementSummary {
  readonly link: IssuedLink;
}

/** What requesting a signature can answer. */
export type RequestAgreementError =
  AuthorizationError | MembershipNotFound | MembershipNotRequestable | AgreementTemplateNotFound | AgreementTemplateArchived;

/**
 * Asks a member (`active`, `suspended`, `invited` or `pending_invitation`) to sign the current
 * version of a template (`agreements.manage`). In one unit of work: the request, its first link,
 * the audit entry `agreement.requested`, the event `agreement.requested` (its id, never a token)
 * and the job that pushes the member the news in their language. The link is answered only here.
 *
 * @example
 * await requestAgreement(ports)(request.auth, orgId, membershipId, templateId)(); // Right({ agreement, link: { url, expiresAt } })
 */
export const requestAgreement =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId,
    templateId: string,
  ): TE.TaskEither<RequestAgreementError, RequestedAgreement> =>
  () =>
    ports.unitOfWork.run<RequestAgreementError, RequestedAgreement>(async () => {
      const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
      if (E.isLeft(authorized)) return authorized;
      const membership = await ports.memberships.findById(membershipId);
      if (O.isNone(membership) || membership.value.organizationId !== organizationId) return E.left(membershipNotFound());
      if (!REQUESTABLE_STATUSES.includes(membership.value.status)) return E.left(membershipNotRequestable(membership.value.status));
      const template = await ports.agreementTemplates.find(organizationId, templateId);
      if (O.isNone(template)) return E.left(agreementTemplateNotFound());
      if (template.value.archivedAt !== null) return E.left(agreementTemplateArchived());
      const at = ports.clock.now();
      const agreement: Agreement = {
        id: ports.ids.uuid(),
        organizationId,
        membershipId,
        templateId,
        templateVersionId: template.value.current.id,
        status: 'pending',
        requestedBy: authorized.right.actor.userId,
        requestedAt: at,
        viewedAt: null,
        revokedAt: null,
        signature: null,
      };
      await ports.agreements.insert(agreement);
      const link = await issueLink(ports, agreement.id, at);
      await appendAudit(ports, {
        organizationId,
        action: 'agreement.requested',
        actorUserId: authorized.right.actor.userId,
        targetType: 'agreement',
        targetId: agreement.id,
        before: null,
        after: { membershipId, templateId, templateVersionId: agreement.templateVersionId, expiresAt: link.expiresAt.toISOString() },
      });
      await emitEvent(ports, 'agreement.requested', organizationId, {
        agreementId: agreement.id,
        membershipId,
        templateId,
        templateVersionId: agreement.templateVersionId,
      });
      await ports.jobQueue.enqueue(NOTIFY_REQUESTED_JOB, { agreementId: agreement.id });
      const version = template.value.current;
      return E.right({
        agreement,
        title: version.texts[textLanguage(version.texts, null)]!.title,
        versionNumber: version.number,
        membershipStatus: membership.value.status,
        link,
      });
    });
