import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit } from '../../audit/audit-trail.js';
import type { AuditSnapshot } from '../../audit/audit-entry.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import {
  changesContent,
  type AgreementTemplate,
  type AgreementTemplateInput,
  type AgreementTemplatePatch,
  type AgreementTemplateVersion,
} from '../agreement-template.js';
import { agreementTemplateNotFound, type AgreementTemplateNotFound } from '../agreements.errors.js';

const snapshotOf = (template: AgreementTemplate): AuditSnapshot => ({
  version: template.current.number,
  versionId: template.current.id,
  kind: template.current.kind,
  requiresNationalId: template.current.requiresNationalId,
  archived: template.archivedAt !== null,
});

/**
 * Creates a template (`agreements.manage`: owner, admin) with its first version, audited as
 * `agreement_template.created` in the same unit of work.
 *
 * @example
 * await createAgreementTemplate(ports)(request.auth, orgId, { kind: 'waiver', texts: { en: { title, body } } })();
 */
export const createAgreementTemplate =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    input: AgreementTemplateInput,
  ): TE.TaskEither<AuthorizationError, AgreementTemplate> =>
  () =>
    ports.unitOfWork.run(async () => {
      const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
      if (E.isLeft(authorized)) return authorized;
      const at = ports.clock.now();
      const id = ports.ids.uuid();
      const current: AgreementTemplateVersion = {
        id: ports.ids.uuid(),
        templateId: id,
        number: 1,
        kind: input.kind,
        format: input.format ?? 'markdown',
        requiresNationalId: input.requiresNationalId ?? false,
        texts: input.texts,
        createdAt: at,
      };
      const template: AgreementTemplate = { id, organizationId, current, archivedAt: null, createdAt: at, updatedAt: at };
      await ports.agreementTemplates.insert(template);
      await appendAudit(ports, {
        organizationId,
        action: 'agreement_template.created',
        actorUserId: authorized.right.actor.userId,
        targetType: 'agreement_template',
        targetId: id,
        before: null,
        after: snapshotOf(template),
      });
      return E.right(template);
    });

/**
 * Edits a template (`agreements.manage`). Any content field makes a new version (signatures keep
 * pointing at the one they saw); `archived` archives or restores it. Audited as
 * `agreement_template.updated`. Templates are never deleted.
 *
 * @example
 * await updateAgreementTemplate(ports)(request.auth, orgId, templateId, { texts: { tr: { title, body } } })();
 */
export const updateAgreementTemplate =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    templateId: string,
    patch: AgreementTemplatePatch,
  ): TE.TaskEither<AuthorizationError | AgreementTemplateNotFound, AgreementTemplate> =>
  () =>
    ports.unitOfWork.run(async () => {
      const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
      if (E.isLeft(authorized)) return authorized;
      const found = await ports.agreementTemplates.find(organizationId, templateId);
      if (O.isNone(found)) return E.left(agreementTemplateNotFound());
      const before = found.value;
      const at = ports.clock.now();
      if (changesContent(patch)) {
        await ports.agreementTemplates.addVersion(
          {
            id: ports.ids.uuid(),
            templateId,
            number: before.current.number + 1,
            kind: patch.kind ?? before.current.kind,
            format: patch.format ?? before.current.format,
            requiresNationalId: patch.requiresNationalId ?? before.current.requiresNationalId,
            texts: patch.texts ?? before.current.texts,
            createdAt: at,
          },
          at,
        );
      }
      if (patch.archived !== undefined && patch.archived !== (before.archivedAt !== null)) {
        await ports.agreementTemplates.setArchived(templateId, patch.archived ? at : null, at);
      }
      const after = await ports.agreementTemplates.find(organizationId, templateId);
      if (O.isNone(after)) return E.left(agreementTemplateNotFound());
      await appendAudit(ports, {
        organizationId,
        action: 'agreement_template.updated',
        actorUserId: authorized.right.actor.userId,
        targetType: 'agreement_template',
        targetId: templateId,
        before: snapshotOf(before),
        after: snapshotOf(after.value),
      });
      return E.right(after.value);
    });

/**
 * An organization's templates, archived ones included (`agreements.manage`).
 *
 * @example
 * await listAgreementTemplates(ports)(request.auth, orgId)(); // Right([template])
 */
export const listAgreementTemplates =
  (ports: AgreementsPorts) =>
  (caller: AuthPayload, organizationId: OrganizationId): TE.TaskEither<AuthorizationError, readonly AgreementTemplate[]> =>
  async () => {
    const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
    return E.isLeft(authorized) ? authorized : E.right(await ports.agreementTemplates.listForOrganization(organizationId));
  };

/**
 * One template with its current version (`agreements.manage`).
 *
 * @example
 * await getAgreementTemplate(ports)(request.auth, orgId, templateId)();
 */
export const getAgreementTemplate =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    templateId: string,
  ): TE.TaskEither<AuthorizationError | AgreementTemplateNotFound, AgreementTemplate> =>
  async () => {
    const authorized = await authorize(ports)(caller, organizationId, 'agreements.manage')();
    if (E.isLeft(authorized)) return authorized;
    return E.fromOption(agreementTemplateNotFound)(await ports.agreementTemplates.find(organizationId, templateId));
  };
