import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { appendAudit, type AuditTrailDeps } from '../../audit/audit-trail.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import { findMembershipIn } from '../../membership/managing.js';
import { membershipNotFound, type MembershipNotFound } from '../../membership/membership.errors.js';
import type { Membership, MembershipId } from '../../membership/membership.js';
import type { OrganizationId } from '../organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { Email } from '../../identity/email.js';
import type { UserId } from '../../identity/identifiers.js';
import { nationalIdMismatch, nationalIdNotSet, type NationalIdMismatch, type NationalIdNotSet } from '../../identity/national-id.errors.js';
import { hasComplianceRecord, type NationalId } from '../../identity/national-id.js';
import type { NationalIdVault } from '../../identity/ports/national-id-vault.js';
import type { NationalIds } from '../../identity/ports/national-ids.js';

/** Ports needed to read a compliance record. */
export interface ReadComplianceRecordDeps extends AuthorizeDeps, AuditTrailDeps {
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly unitOfWork: UnitOfWork;
}

/** A member's compliance record: the only place a national ID is ever returned. */
export interface ComplianceRecord {
  readonly membership: Membership;
  readonly email: Email | null;
  readonly nationalId: NationalId;
}

/** What reading a compliance record can answer. */
export type ReadComplianceRecordError = AuthorizationError | MembershipNotFound | NationalIdNotSet | NationalIdMismatch;

const openNationalId = (deps: ReadComplianceRecordDeps, userId: UserId): TE.TaskEither<NationalIdNotSet | NationalIdMismatch, NationalId> =>
  pipe(
    fromPort(() => deps.nationalIds.find(userId)),
    TE.flatMap(TE.fromOption(nationalIdNotSet)),
    TE.flatMap((sealed) => fromPort(() => deps.nationalIdVault.open(userId, sealed))),
    TE.flatMapEither(E.fromOption(nationalIdMismatch)),
  );

/**
 * Reads a member's compliance record with the decrypted national ID (`compliance.read`: owner,
 * admin), for compliance documents only. Only a membership that is `active` or `suspended` has one
 * (see `hasComplianceRecord`); any other row answers `MembershipNotFound`, as a stranger's would.
 * Every read appends `compliance.read` (who read whose record, never the ID) to the audit trail in
 * the same unit of work as the read: an ID is returned only once its read is committed to the trail.
 *
 * @example
 * await readComplianceRecord(deps)(request.auth, orgId, membershipId)(); // Right({ membership, email, nationalId })
 */
export const readComplianceRecord =
  (deps: ReadComplianceRecordDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    membershipId: MembershipId,
  ): TE.TaskEither<ReadComplianceRecordError, ComplianceRecord> =>
  () =>
    deps.unitOfWork.run(
      pipe(
        authorize(deps)(caller, organizationId, 'compliance.read'),
        TE.bindTo('authorized'),
        TE.bindW('membership', () =>
          pipe(
            findMembershipIn(deps, organizationId, membershipId),
            TE.flatMap((membership) =>
              membership.userId !== null && hasComplianceRecord(membership)
                ? TE.right({ ...membership, userId: membership.userId })
                : TE.left(membershipNotFound()),
            ),
          ),
        ),
        TE.bindW('nationalId', ({ membership }) => openNationalId(deps, membership.userId)),
        TE.tap(({ authorized, membership }) =>
          fromPort(() =>
            appendAudit(deps, {
              organizationId,
              action: 'compliance.read',
              actorUserId: authorized.actor.userId,
              targetType: 'membership',
              targetId: membership.id,
              before: null,
              after: { userId: membership.userId },
            }),
          ),
        ),
        TE.map(({ membership, nationalId }) => ({ membership, email: membership.email, nationalId })),
      ),
    );
