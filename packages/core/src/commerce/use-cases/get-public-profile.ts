import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { OrganizationNotFound } from '../../organization/organization.errors.js';
import type { OrganizationSlug } from '../../organization/organization-slug.js';
import type { Organization } from '../../organization/organization.js';
import type { Organizations } from '../../organization/ports/organizations.js';
import { fromPort } from '../../shared/from-port.js';
import type { Plan } from '../plan.js';
import type { Plans } from '../ports/plans.js';
import { findPublicOrganization } from '../find-public-organization.js';

/** The most plans a public page lists. */
export const PUBLIC_PLAN_LIMIT = 100;

/** An organization's public face: who it is and what it sells, never its members or any count of them. */
export interface PublicProfile {
  readonly organization: Pick<Organization, 'name' | 'slug'>;
  readonly plans: readonly Plan[];
}

/**
 * The public profile of the live organization with this slug: its name and its plans on sale
 * (oldest first). A deleted organization, or no such slug, is `OrganizationNotFound`.
 *
 * @example
 * await getPublicProfile({ organizations, plans })('iron-gym')(); // Right({ organization: { name, slug }, plans })
 */
export const getPublicProfile =
  (deps: { readonly organizations: Organizations; readonly plans: Plans }) =>
  (slug: OrganizationSlug): TE.TaskEither<OrganizationNotFound, PublicProfile> =>
    pipe(
      findPublicOrganization(deps.organizations, slug),
      TE.flatMap((organization) =>
        pipe(
          fromPort(() => deps.plans.listOffered(organization.id, PUBLIC_PLAN_LIMIT)),
          TE.map((plans) => ({ organization: { name: organization.name, slug: organization.slug }, plans })),
        ),
      ),
    );
