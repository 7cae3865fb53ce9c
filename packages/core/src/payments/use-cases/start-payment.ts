import * as E from 'fp-ts/lib/Either.js';
import type { PaymentFulfilment } from '../ports/payment-fulfilment.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserId } from '../../identity/identifiers.js';
import type { NationalIdVault } from '../../identity/ports/national-id-vault.js';
import type { NationalIds } from '../../identity/ports/national-ids.js';
import {
  authorizedWrite,
  authorizeGrant,
  type AuthorizedWriteDeps,
  type AuthorizedWriteError,
  type Grant,
} from '../../membership/authorized-write.js';
import { organizationNotFound } from '../../organization/organization.errors.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import { nationalIdRequired, type NationalIdRequired } from '../payments.errors.js';
import {
  type AmountMinor,
  type Currency,
  type PayerDetails,
  type PaymentCard,
  type PaymentDescription,
  type PaymentProvider,
  type PaymentTransaction,
} from '../payment.js';
import type { PaymentGateway } from '../ports/payment-gateway.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';

// Opens the payer's sealed national ID for iyzico; other providers need none.
type PayerIdentity = (() => Promise<string>) | undefined;

import {
  checkProvider,
  draftPayment,
  initializeAtProvider,
  needsIdentityNumber,
  type PaymentSettings,
  type ProviderStartError,
  type StartedPayment,
} from '../start-at-provider.js';

export type { PaymentSettings, StartedPayment } from '../start-at-provider.js';

/** Ports needed to start a payment. */
export interface StartPaymentDeps extends AuthorizedWriteDeps, RecordEventPorts {
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentFulfilment: PaymentFulfilment;
  readonly paymentGateway: PaymentGateway;
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly paymentSettings: PaymentSettings;
  readonly unitOfWork: UnitOfWork;
}

/** What the client sends to start a payment. */
export interface StartPaymentInput {
  readonly provider: PaymentProvider;
  readonly amountMinor: AmountMinor;
  readonly currency: Currency;
  readonly description: PaymentDescription;
  /** iyzico 3DS only; passed to the provider and dropped. */
  readonly card?: PaymentCard | undefined;
  /** Name, phone and address for the provider; passed to it and dropped. */
  readonly payer?: PayerDetails | undefined;
  /** The caller's address as this service saw it (the providers' fraud checks ask for it). */
  readonly clientAddress: string;
}

/** What starting a payment can answer. */
export type StartPaymentError = AuthorizedWriteError | ProviderStartError;

// iyzico needs the payer's national ID: found sealed now, opened only while the gateway builds the request.
const payerIdentity =
  (deps: StartPaymentDeps, payer: UserId, provider: PaymentProvider): TE.TaskEither<NationalIdRequired, PayerIdentity> =>
  async () => {
    if (!needsIdentityNumber(provider)) return E.right(undefined);
    const sealed = await deps.nationalIds.find(payer);
    if (O.isNone(sealed)) return E.left(nationalIdRequired());
    return E.right(async () => {
      const opened = await deps.nationalIdVault.open(payer, sealed.value);
      // A value sealed for another user is never sent as this payer's: a defect, named without the value.
      if (O.isNone(opened)) throw new Error("the payer's stored national ID was sealed for another user");
      return opened.value;
    });
  };

// Written under the caller's locked membership (see `authorizedWrite`) and then the organization's row lock: a
// delete running now either sees this payment (PaymentInFlight) or has already removed the organization. The
// provider is asked after the commit.
const recordPayment = (deps: StartPaymentDeps, grant: Grant, pending: PaymentTransaction): TE.TaskEither<AuthorizedWriteError, void> =>
  authorizedWrite(deps, grant, [], async () =>
    (await deps.organizations.lockLive(pending.organizationId))
      ? E.right(await deps.paymentTransactions.create(pending))
      : E.left(organizationNotFound()),
  );

/**
 * Starts a payment (`billing.manage`, checked again on the caller's locked membership row when the
 * transaction is stored): a `pending` transaction with a fresh merchant reference, then
 * the provider's initialize. The card and the payer's national ID (iyzico's mandatory
 * `buyer.identityNumber`, opened only while the gateway builds iyzico's request) exist only inside
 * that call; neither is stored or logged. A refusal fails the payment (`PaymentRefused`); a provider
 * that cannot be reached fails it too, as nothing can have been charged (`PaymentProviderUnavailable`).
 * The transaction is recorded under the organization's row lock, so an organization deleted meanwhile
 * answers `OrganizationNotFound` and the provider is never asked.
 *
 * @example
 * await startPayment(deps)(request.auth, orgId, { provider: 'paytr', amountMinor, currency: 'TRY', description })();
 */
export const startPayment =
  (deps: StartPaymentDeps) =>
  (caller: AuthPayload, organizationId: OrganizationId, input: StartPaymentInput): TE.TaskEither<StartPaymentError, StartedPayment> =>
    pipe(
      authorizeGrant(deps)(caller, organizationId, 'billing.manage'),
      TE.tap(() => TE.fromEither(checkProvider(deps.paymentSettings, input.provider, input.card))),
      TE.bindTo('grant'),
      TE.bindW('identityNumber', ({ grant }) => payerIdentity(deps, grant.actor.userId, input.provider)),
      TE.let('pending', ({ grant }) =>
        draftPayment(deps, {
          organizationId,
          createdBy: grant.actor.userId,
          provider: input.provider,
          amountMinor: input.amountMinor,
          currency: input.currency,
          description: input.description,
        }),
      ),
      TE.tap(({ grant, pending }) => recordPayment(deps, grant, pending)),
      TE.flatMap(
        ({ grant: { actor, caller }, pending, identityNumber }) =>
          () =>
            initializeAtProvider(deps, pending, input.card, {
              id: actor.userId,
              email: caller.user?.email ?? null,
              ip: input.clientAddress,
              identityNumber,
              details: input.payer ?? {},
            }),
      ),
    );
