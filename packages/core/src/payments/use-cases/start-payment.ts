import * as E from 'fp-ts/lib/Either.js';
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
import { settleTransition } from '../apply-decision.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import {
  cardRequired,
  nationalIdRequired,
  paymentProviderNotEnabled,
  paymentProviderUnavailable,
  paymentRefused,
  type CardRequired,
  type NationalIdRequired,
  type PaymentProviderNotEnabled,
  type PaymentProviderUnavailable,
  type PaymentRefused,
} from '../payments.errors.js';
import {
  merchantReferenceOf,
  type AmountMinor,
  type Currency,
  type PayerDetails,
  type PaymentCard,
  type PaymentDescription,
  type PaymentId,
  type PaymentProvider,
  type PaymentTransaction,
} from '../payment.js';
import type { ClientAction, PaymentGateway } from '../ports/payment-gateway.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';

// Opens the payer's sealed national ID for iyzico; other providers need none.
type PayerIdentity = (() => Promise<string>) | undefined;

/** Which providers this deployment enables (`PAYMENTS_PROVIDERS`). */
export interface PaymentSettings {
  readonly enabledProviders: readonly PaymentProvider[];
}

/** Ports needed to start a payment. */
export interface StartPaymentDeps extends AuthorizedWriteDeps, RecordEventPorts {
  readonly paymentTransactions: PaymentTransactions;
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

/** A started payment and what the client does next (render the 3DS page, open the PayTR iFrame). */
export interface StartedPayment {
  readonly payment: PaymentTransaction;
  readonly clientAction: ClientAction;
}

/** What starting a payment can answer. */
export type StartPaymentError =
  AuthorizedWriteError | PaymentProviderNotEnabled | CardRequired | NationalIdRequired | PaymentRefused | PaymentProviderUnavailable;

// This deployment enables the provider, and iyzico's 3DS has its card.
const checkProvider = (deps: StartPaymentDeps, input: StartPaymentInput): E.Either<PaymentProviderNotEnabled | CardRequired, void> => {
  if (!deps.paymentSettings.enabledProviders.includes(input.provider)) return E.left(paymentProviderNotEnabled(input.provider));
  if (input.provider === 'iyzico' && input.card === undefined) return E.left(cardRequired());
  return E.right(undefined);
};

// iyzico needs the payer's national ID: found sealed now, opened only while the gateway builds the request.
const payerIdentity =
  (deps: StartPaymentDeps, payer: UserId, provider: PaymentProvider): TE.TaskEither<NationalIdRequired, PayerIdentity> =>
  async () => {
    if (provider !== 'iyzico') return E.right(undefined);
    const sealed = await deps.nationalIds.find(payer);
    if (O.isNone(sealed)) return E.left(nationalIdRequired());
    return E.right(async () => {
      const opened = await deps.nationalIdVault.open(payer, sealed.value);
      // A value sealed for another user is never sent as this payer's: a defect, named without the value.
      if (O.isNone(opened)) throw new Error("the payer's stored national ID was sealed for another user");
      return opened.value;
    });
  };

// The `initiated` transaction with a fresh id and merchant reference.
const draftPayment = (
  deps: StartPaymentDeps,
  organizationId: OrganizationId,
  payer: UserId,
  input: StartPaymentInput,
): PaymentTransaction => {
  const now = deps.clock.now();
  const id = deps.ids.uuid() as PaymentId;
  return {
    id,
    organizationId,
    createdBy: payer,
    provider: input.provider,
    merchantReference: merchantReferenceOf(id),
    description: input.description,
    amountMinor: input.amountMinor,
    paidAmountMinor: null,
    currency: input.currency,
    status: 'initiated',
    providerPaymentId: null,
    providerToken: null,
    orderReferenceCode: null,
    subscriptionReferenceCode: null,
    failureCode: null,
    lateSuccess: false,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
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

// After the commit: the provider's initialize. A refusal or an unreachable provider fails the payment.
const initializeAtProvider =
  (
    deps: StartPaymentDeps,
    { actor, caller }: Grant,
    input: StartPaymentInput,
    identityNumber: PayerIdentity,
    pending: PaymentTransaction,
  ): TE.TaskEither<PaymentRefused | PaymentProviderUnavailable, StartedPayment> =>
  async () => {
    const initialized = await deps.paymentGateway.initialize({
      provider: input.provider,
      merchantReference: pending.merchantReference,
      amountMinor: input.amountMinor,
      currency: input.currency,
      description: input.description,
      card: input.card,
      buyer: { id: actor.userId, email: caller.user?.email ?? null, ip: input.clientAddress, identityNumber, details: input.payer ?? {} },
    });
    if (E.isLeft(initialized)) {
      const failure = initialized.left;
      const failureCode = failure._tag === 'Refused' ? failure.code : 'provider_unavailable';
      await settleTransition(deps, pending, ['initiated'], { status: 'failed', failureCode, at: deps.clock.now() });
      return E.left(failure._tag === 'Refused' ? paymentRefused(failure.code) : paymentProviderUnavailable(input.provider));
    }
    const { providerPaymentId, providerToken, clientAction } = initialized.right;
    const moved = await deps.paymentTransactions.transition(pending.id, ['initiated'], {
      status: 'awaiting_customer',
      providerPaymentId,
      providerToken,
      at: deps.clock.now(),
    });
    return E.right({ payment: O.getOrElse(() => pending)(moved), clientAction });
  };

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
      TE.tap(() => TE.fromEither(checkProvider(deps, input))),
      TE.bindTo('grant'),
      TE.bindW('identityNumber', ({ grant }) => payerIdentity(deps, grant.actor.userId, input.provider)),
      TE.let('pending', ({ grant }) => draftPayment(deps, organizationId, grant.actor.userId, input)),
      TE.tap(({ grant, pending }) => recordPayment(deps, grant, pending)),
      TE.flatMap(({ grant, pending, identityNumber }) => initializeAtProvider(deps, grant, input, identityNumber, pending)),
    );
