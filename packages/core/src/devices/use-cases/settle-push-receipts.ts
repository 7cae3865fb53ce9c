import type * as TE from 'fp-ts/lib/TaskEither.js';
import { fromPort } from '../../shared/from-port.js';
import { forgetUnregistered, type NotifyDeps } from '../push.js';

/**
 * Reads the push service's receipts that are due and removes the devices they report as not
 * registered; resolves with how many went. Run periodically.
 *
 * @example
 * await settlePushReceipts({ devices, notifications, logger })()(); // Right(0)
 */
export const settlePushReceipts = (deps: NotifyDeps) => (): TE.TaskEither<never, number> =>
  fromPort(async () => forgetUnregistered(deps, await deps.notifications.collectReceipts()));
