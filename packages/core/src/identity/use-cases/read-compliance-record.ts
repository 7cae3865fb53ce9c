import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import { findMembershipIn } from '../../membership/managing.js';
import type { MembershipNotFound } from '../../membership/membership.errors.js';
import type { Membership, MembershipId } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { AuthPayload } from '../auth-payload.js';
import type { Email } from '../email.js';
import { nationalIdNotSet, type NationalIdNotSet } from '../national-id.errors.js';
import type { NationalId } from '../national-id.js';
import type { NationalIdVault } from '../ports/national-id-vault.js';
import type { NationalIds } from '../ports/national-ids.js';

/** Ports needed to read a compliance record. */
export interface ReadComplianceRecordDeps extends AuthorizeDeps {
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
}

/** A member's compliance record: the only place a national ID is ever returned. */
export interface ComplianceRecord {
  readonly membership: Membership;
  readonly email: Email | null;
  readonly nationalId: NationalId;
}

/** What reading a compliance record can answer. */
export type ReadComplianceRecordError = AuthorizationError | MembershipNotFound | NationalIdNotSet;

/**
 * Reads a member's compliance record with the decrypted national ID (`compliance.read`: owner,
 * admin), for compliance documents only.
 *
 * @example
 * await readComplianceRecord(deps)(request.auth, orgId, membershipId)(); // Right({ membership, email, nationalId })
 */
export const readComplianceRecord =
  (deps: ReadComplianceRecordDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, membershipId: MembershipId): TE.TaskEither<ReadComplianceRecordError, ComplianceRecord> =>
    pipe(
      authorize(deps)(caller, organizationId, 'compliance.read'),
      TE.flatMap(() => findMembershipIn(deps, organizationId, membershipId)),
      TE.bindTo('membership'),
      TE.bindW('sealed', ({ membership }) =>
        membership.userId === null
          ? TE.left(nationalIdNotSet())
          : pipe(fromPort(() => deps.nationalIds.find(membership.userId!)), TE.flatMap(TE.fromOption(nationalIdNotSet))),
      ),
      TE.bindW('nationalId', ({ sealed }) => fromPort(() => deps.nationalIdVault.open(sealed))),
      TE.map(({ membership, nationalId }) => ({ membership, email: membership.email, nationalId })),
    );
