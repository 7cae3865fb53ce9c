import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { notifyUser } from '../devices/push.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import type { AgreementsPorts } from './agreement-ports.js';

/** The job that tells a member, by push in their language, that they are asked to sign. */
export const NOTIFY_REQUESTED_JOB = 'agreements.notify-requested';

const NotifyRequested = t.type({ agreementId: t.string });

/**
 * The agreements area's jobs, by name: `agreements.notify-requested` {agreementId} pushes "sign
 * this" to the member's devices (none when the membership has no account yet, or the agreement is
 * no longer pending). Safe to run twice: it only sends.
 *
 * @example
 * const handlers = { ...agreementJobHandlers(ports) };
 */
export const agreementJobHandlers = (ports: AgreementsPorts): JobHandlers => ({
  [NOTIFY_REQUESTED_JOB]: async (data) => {
    const decoded = NotifyRequested.decode(data);
    if (E.isLeft(decoded)) throw new Error(`${NOTIFY_REQUESTED_JOB}: malformed job data`);
    const agreement = await ports.agreements.find(decoded.right.agreementId);
    if (O.isNone(agreement) || agreement.value.status !== 'pending') return;
    const membership = await ports.memberships.findById(agreement.value.membershipId);
    const organization = await ports.organizations.findById(agreement.value.organizationId);
    if (O.isNone(membership) || membership.value.userId === null || O.isNone(organization)) return;
    await notifyUser(ports)(membership.value.userId, {
      kind: 'agreement.requested',
      organizationId: organization.value.id,
      organizationName: organization.value.name,
      agreementId: agreement.value.id,
    });
  },
});
