import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { organizationNotFound, type OrganizationNotFound } from '../organization/organization.errors.js';
import type { OrganizationSlug } from '../organization/organization-slug.js';
import type { Organization } from '../organization/organization.js';
import type { Organizations } from '../organization/ports/organizations.js';
import { fromPort } from '../shared/from-port.js';

/** The live organization behind a public page's slug; a deleted one, or no such slug, is `OrganizationNotFound`. */
export const findPublicOrganization = (
  organizations: Organizations,
  slug: OrganizationSlug,
): TE.TaskEither<OrganizationNotFound, Organization> =>
  pipe(
    fromPort(() => organizations.findBySlug(slug)),
    TE.flatMap(
      O.match(
        () => TE.left<OrganizationNotFound, Organization>(organizationNotFound()),
        (found) => TE.right(found),
      ),
    ),
  );
