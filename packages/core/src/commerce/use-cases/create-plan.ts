import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorizedWrite, authorizeGrant, type AuthorizedWriteDeps, type AuthorizedWriteError } from '../../membership/authorized-write.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { AgreementTemplates } from '../../agreements/ports/agreement-templates.js';
import { unknownAgreementTemplates, type UnknownAgreementTemplates } from '../commerce.errors.js';
import type { Plan, PlanId, PlanInput } from '../plan.js';
import { unknownTemplates } from '../plan-templates.js';
import type { Plans } from '../ports/plans.js';

/** Ports needed to create a plan. */
export interface CreatePlanDeps extends AuthorizedWriteDeps {
  readonly plans: Plans;
  readonly agreementTemplates: AgreementTemplates;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/**
 * Creates a plan (`billing.manage`: the owner), off sale unless `onSale` says otherwise, with no
 * seat limit unless one is given. Its agreement templates must be the organization's live ones
 * (`UnknownAgreementTemplates` otherwise).
 *
 * @example
 * await createPlan(deps)(request.auth, orgId, { name, priceMinor: 150000, currency: 'TRY', period: 'month', grantsRole: 'member' })();
 */
export const createPlan =
  (deps: CreatePlanDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    input: PlanInput,
  ): TE.TaskEither<AuthorizedWriteError | UnknownAgreementTemplates, Plan> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'billing.manage'),
      TE.flatMap((grant) =>
        authorizedWrite(
          deps,
          grant,
          [],
          async ({ organization }): Promise<E.Either<AuthorizedWriteError | UnknownAgreementTemplates, Plan>> => {
            const unknown = await unknownTemplates(deps, organization.id, input.agreementTemplateIds ?? []);
            if (unknown.length > 0) return E.left(unknownAgreementTemplates(unknown));
            const now = deps.clock.now();
            const plan: Plan = {
              id: deps.ids.uuid() as PlanId,
              organizationId: organization.id,
              name: input.name,
              description: input.description ?? {},
              priceMinor: input.priceMinor,
              currency: input.currency,
              period: input.period,
              grantsRole: input.grantsRole,
              agreementTemplateIds: input.agreementTemplateIds ?? [],
              onSale: input.onSale ?? false,
              seatLimit: input.seatLimit ?? null,
              archivedAt: null,
              createdAt: now,
              updatedAt: now,
            };
            await deps.plans.create(plan);
            return E.right(plan);
          },
        ),
      ),
    );
