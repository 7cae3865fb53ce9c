import type { AuditTrailDeps } from '../audit/audit-trail.js';
import type { NotifyDeps } from '../devices/push.js';
import type { RecordEventPorts } from '../events/record-event.js';
import type { NationalIdVault } from '../identity/ports/national-id-vault.js';
import type { AuthorizeDeps } from '../membership/authorize.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import type { AgreementSettings } from './agreement-settings.js';
import type { AgreementDigests } from './ports/agreement-digests.js';
import type { AgreementDocuments } from './ports/agreement-documents.js';
import type { AgreementRenditions } from './ports/agreement-renditions.js';
import type { AgreementTemplates } from './ports/agreement-templates.js';
import type { Agreements } from './ports/agreements.js';

/** Every port the agreements area needs, by name. */
export interface AgreementsPorts extends AuthorizeDeps, AuditTrailDeps, RecordEventPorts, NotifyDeps {
  readonly agreementTemplates: AgreementTemplates;
  readonly agreements: Agreements;
  readonly agreementDigests: AgreementDigests;
  readonly agreementDocuments: AgreementDocuments;
  readonly agreementRenditions: AgreementRenditions;
  readonly agreementSettings: AgreementSettings;
  readonly nationalIdVault: NationalIdVault;
  readonly unitOfWork: UnitOfWork;
}
