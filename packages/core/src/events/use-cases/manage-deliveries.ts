import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { OrganizationId } from '../../organization/organization.js';
import { fromPort } from '../../shared/from-port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { replayDelivery } from '../delivery/replay.js';
import type { DeliveryAttempt, EventDelivery } from '../event-delivery.js';
import { deliveryNotFound, type DeliveryNotFound } from '../events.errors.js';
import { managedEndpoint, type EndpointDeps } from './endpoint-deps.js';
import type { EndpointError } from './manage-webhook-endpoints.js';

/** An endpoint's delivery log: each attempt, newest first (status, duration, response code; never a body). */
export const listDeliveryAttempts =
  (deps: EndpointDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    endpointId: string,
    page: PageRequest,
  ): TE.TaskEither<EndpointError, Page<DeliveryAttempt>> =>
    pipe(
      managedEndpoint(deps)(caller, organizationId, endpointId),
      TE.flatMap(() => fromPort(() => deps.eventDeliveries.listAttempts(endpointId, page))),
    );

/** Replays one delivery of an endpoint now, whatever became of it (`integrations.manage`). */
export const retryDelivery =
  (deps: EndpointDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    endpointId: string,
    deliveryId: string,
  ): TE.TaskEither<EndpointError | DeliveryNotFound, EventDelivery> =>
    pipe(
      managedEndpoint(deps)(caller, organizationId, endpointId),
      TE.flatMap((): TE.TaskEither<DeliveryNotFound, EventDelivery> => async () => {
        const found = O.toNullable(await deps.eventDeliveries.findForEndpoint(endpointId, deliveryId));
        if (found === null) return E.left(deliveryNotFound());
        await replayDelivery(deps, found);
        return E.right({ ...found, status: 'pending' });
      }),
    );

/** How many deliveries a recovery replays. */
export interface Recovered {
  readonly replayed: number;
}

/** Replays every failed or dead delivery of an endpoint made since `since` (`integrations.manage`). */
export const recoverDeliveries =
  (deps: EndpointDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, endpointId: string, since: Date): TE.TaskEither<EndpointError, Recovered> =>
    pipe(
      managedEndpoint(deps)(caller, organizationId, endpointId),
      TE.flatMap(() =>
        fromPort(async () => {
          const failed = await deps.eventDeliveries.listFailedSince(endpointId, since);
          for (const delivery of failed) await replayDelivery(deps, delivery);
          return { replayed: failed.length };
        }),
      ),
    );
