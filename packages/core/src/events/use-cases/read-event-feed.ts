import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { AuthorizationError } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { FeedPosition } from '../feed-position.js';
import type { FeedEvent } from '../ports/event-log.js';
import { authorizeIntegrations, type EndpointDeps } from './endpoint-deps.js';

/** One page of the pull feed. */
export interface FeedPage {
  readonly items: readonly FeedEvent[];
  /** Where to read on from: after the last item, or the cursor given when nothing new is there yet; null only before any event. */
  readonly nextCursor: string | null;
}

/**
 * The pull feed (`integrations.manage`): the organization's events after `cursor`, in commit order,
 * for those who cannot receive webhooks. A reader polls with the `nextCursor` it was given; events
 * are kept 30 days.
 *
 * @example
 * await readEventFeed(deps)(request.auth, orgId, undefined, 50)(); // Right({ items: [{ type: 'membership.created', … }], nextCursor: '812.4' })
 */
export const readEventFeed =
  (deps: EndpointDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    cursor: FeedPosition | undefined,
    limit: number,
  ): TE.TaskEither<AuthorizationError, FeedPage> =>
    pipe(
      authorizeIntegrations(deps)(caller, organizationId),
      TE.flatMap(() =>
        fromPort(async () => {
          const items = await deps.eventLog.feed(organizationId, cursor, limit);
          return { items, nextCursor: items.at(-1)?.position ?? cursor ?? null };
        }),
      ),
    );
