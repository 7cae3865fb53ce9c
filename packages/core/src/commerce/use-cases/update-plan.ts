import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorizedWrite, authorizeGrant, type AuthorizedWriteDeps, type AuthorizedWriteError } from '../../membership/authorized-write.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { AgreementTemplates } from '../../agreements/ports/agreement-templates.js';
import {
  planArchived,
  planNotFound,
  unknownAgreementTemplates,
  type PlanArchived,
  type PlanNotFound,
  type UnknownAgreementTemplates,
} from '../commerce.errors.js';
import { unknownTemplates } from '../plan-templates.js';
import type { Plan, PlanChanges, PlanId } from '../plan.js';
import type { Plans } from '../ports/plans.js';

/** Ports needed to change a plan. */
export interface UpdatePlanDeps extends AuthorizedWriteDeps {
  readonly plans: Plans;
  readonly agreementTemplates: AgreementTemplates;
  readonly clock: Clock;
}

/** What changing a plan can answer. */
export type UpdatePlanError = AuthorizedWriteError | PlanNotFound | PlanArchived | UnknownAgreementTemplates;

/** The plan with the changes applied; archiving also takes it off sale. */
const changed = (plan: Plan, changes: PlanChanges, now: Date): Plan => {
  const { archived, ...fields } = changes;
  const next: Plan = { ...plan, ...fields, updatedAt: now };
  return archived === true ? { ...next, onSale: false, archivedAt: now } : next;
};

/**
 * Changes a plan (`billing.manage`: the owner) on its locked row; `archived: true` archives it for
 * good (off the public page, off sale). An archived plan answers `PlanArchived` to any change. A
 * price change applies to later purchases only: a purchase records the price it was made at.
 *
 * @example
 * await updatePlan(deps)(request.auth, orgId, planId, { priceMinor: 175000, onSale: true })();
 */
export const updatePlan =
  (deps: UpdatePlanDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, planId: PlanId, changes: PlanChanges): TE.TaskEither<UpdatePlanError, Plan> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'billing.manage'),
      TE.flatMap((grant) =>
        authorizedWrite(deps, grant, [], async ({ organization }): Promise<E.Either<UpdatePlanError, Plan>> => {
          const current = await deps.plans.lock(organization.id, planId);
          if (O.isNone(current)) return E.left(planNotFound());
          if (current.value.archivedAt !== null) return E.left(planArchived());
          const unknown = await unknownTemplates(deps, organization.id, changes.agreementTemplateIds ?? []);
          if (unknown.length > 0) return E.left(unknownAgreementTemplates(unknown));
          const plan = changed(current.value, changes, deps.clock.now());
          if (!(await deps.plans.update(plan))) return E.left(planNotFound());
          return E.right(plan);
        }),
      ),
    );
