import * as E from 'fp-ts/lib/Either.js';
import type { PaymentFulfilment } from '../../payments/ports/payment-fulfilment.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Locale } from '../../devices/locale.js';
import type { Email } from '../../identity/email.js';
import type { NationalId } from '../../identity/national-id.js';
import { organizationNotFound, type OrganizationNotFound } from '../../organization/organization.errors.js';
import { findPublicOrganization } from '../find-public-organization.js';
import type { OrganizationSlug } from '../../organization/organization-slug.js';
import type { Organization } from '../../organization/organization.js';
import type { Organizations } from '../../organization/ports/organizations.js';
import {
  nationalIdRequired,
  type CardRequired,
  type NationalIdRequired,
  type PaymentProviderNotEnabled,
  type PaymentProviderUnavailable,
  type PaymentRefused,
} from '../../payments/payments.errors.js';
import { type PayerDetails, type PaymentCard, type PaymentProvider, type PaymentTransaction } from '../../payments/payment.js';
import type { ClientAction, PaymentGateway } from '../../payments/ports/payment-gateway.js';
import type { PaymentTransactions } from '../../payments/ports/payment-transactions.js';
import {
  checkProvider,
  draftPayment,
  initializeAtProvider,
  needsIdentityNumber,
  type PaymentSettings,
  type ProviderStartError,
} from '../../payments/start-at-provider.js';
import type { PaymentSweepSettings } from '../../payments/use-cases/sweep-payments.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import { planNotFound, planSoldOut, type PlanNotFound, type PlanSoldOut } from '../commerce.errors.js';
import { isOffered, type Plan, type PlanId } from '../plan.js';
import type { Plans } from '../ports/plans.js';
import type { PurchaseStatusTokens } from '../ports/purchase-status-tokens.js';
import type { Purchases } from '../ports/purchases.js';
import type { BuyerName, Purchase, PurchaseId } from '../purchase.js';
import { checkBot, refuseKnownMember, throttlePurchase, type PurchaseGuardDeps } from '../purchase-guards.js';
import type { BotCheckFailed, PurchaseRateLimited } from '../commerce.errors.js';
import type { AlreadyMember } from '../../invitation/invitation.errors.js';
import type { UserId } from '../../identity/identifiers.js';

/** How long a purchase's status token lets its buyer follow it. */
export const STATUS_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Ports needed to start a purchase. */
export interface StartPurchaseDeps extends RecordEventPorts, PurchaseGuardDeps {
  readonly organizations: Organizations;
  readonly plans: Plans;
  readonly purchases: Purchases;
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentFulfilment: PaymentFulfilment;
  readonly paymentGateway: PaymentGateway;
  readonly paymentSettings: PaymentSettings;
  readonly paymentSweep: PaymentSweepSettings;
  readonly purchaseStatusTokens: PurchaseStatusTokens;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** What a visitor sends to buy a plan (decoded). The card and the national ID live only for the provider's call. */
export interface StartPurchaseInput {
  readonly planId: PlanId;
  readonly email: Email;
  readonly name: BuyerName;
  readonly locale: Locale;
  readonly provider: PaymentProvider;
  readonly card?: PaymentCard | undefined;
  readonly payer?: PayerDetails | undefined;
  /** iyzico's mandatory `buyer.identityNumber`: sent once, never stored or logged. */
  readonly nationalId?: NationalId | undefined;
  /** The buyer's address as this service saw it (the providers' fraud checks and the address budget ask for it). */
  readonly clientAddress: string;
  /** The bot check's token from the page's challenge (needed where the bot check is on). */
  readonly botCheckToken?: string | undefined;
  /** The signed-in buyer's local user, when the request carried a bearer token; anonymous otherwise. */
  readonly buyer?: UserId | undefined;
}

/** A started purchase: what the buyer does next, and the token to follow it with. */
export interface StartedPurchase {
  readonly purchase: Purchase;
  readonly payment: PaymentTransaction;
  readonly clientAction: ClientAction;
  readonly statusToken: string;
  readonly statusTokenExpiresAt: Date;
}

/** What starting a purchase can answer. */
export type StartPurchaseError =
  BotCheckFailed | PurchaseRateLimited | AlreadyMember | OrganizationNotFound | PlanNotFound | PlanSoldOut | ProviderStartError;

type Checked = PaymentProviderNotEnabled | CardRequired | NationalIdRequired;

// This deployment enables the provider; iyzico's 3DS needs the card and the buyer's national ID.
const checkPurchaseProvider = (deps: StartPurchaseDeps, input: StartPurchaseInput): E.Either<Checked, void> =>
  pipe(
    checkProvider(deps.paymentSettings, input.provider, input.card),
    E.flatMap<void, Checked, void>(() =>
      needsIdentityNumber(input.provider) && input.nationalId === undefined ? E.left(nationalIdRequired()) : E.right(undefined),
    ),
  );

/** The `initiated` payment and the `awaiting_payment` purchase, with the plan's terms as they are now. */
const drafts = (deps: StartPurchaseDeps, plan: Plan, input: StartPurchaseInput): { payment: PaymentTransaction; purchase: Purchase } => {
  const now = deps.clock.now();
  const payment = draftPayment(deps, {
    organizationId: plan.organizationId,
    createdBy: null,
    provider: input.provider,
    amountMinor: plan.priceMinor,
    currency: plan.currency,
    description: plan.name,
  });
  const purchase: Purchase = {
    id: deps.ids.uuid() as PurchaseId,
    organizationId: plan.organizationId,
    planId: plan.id,
    paymentId: payment.id,
    email: input.email,
    buyerName: input.name,
    locale: input.locale,
    status: 'awaiting_payment',
    priceMinor: plan.priceMinor,
    currency: plan.currency,
    period: plan.period,
    grantsRole: plan.grantsRole,
    createdAt: now,
    updatedAt: now,
    paymentDueAt: new Date(now.getTime() + deps.paymentSweep.pendingTtlMinutes * 60_000),
    flags: [],
    membershipId: null,
    invitationId: null,
    paidAt: null,
    validUntil: null,
    linksAnsweredAt: null,
  };
  return { payment, purchase };
};

// Under the organization's row lock (a delete waits, or is seen) and the plan's: on sale, a seat free.
const record =
  (
    deps: StartPurchaseDeps,
    organization: Organization,
    input: StartPurchaseInput,
  ): TE.TaskEither<OrganizationNotFound | PlanNotFound | PlanSoldOut, { payment: PaymentTransaction; purchase: Purchase }> =>
  () =>
    deps.unitOfWork.run(async () => {
      if (!(await deps.organizations.lockLive(organization.id))) return E.left(organizationNotFound());
      const plan = await deps.plans.lock(organization.id, input.planId);
      if (O.isNone(plan) || !isOffered(plan.value)) return E.left(planNotFound());
      const { seatLimit } = plan.value;
      if (seatLimit !== null && (await deps.purchases.countSeatsTaken(plan.value.id)) >= seatLimit) return E.left(planSoldOut());
      const rows = drafts(deps, plan.value, input);
      await deps.paymentTransactions.create(rows.payment);
      await deps.purchases.create(rows.purchase);
      return E.right(rows);
    });

// After the commit: the provider's initialize. A refusal or an unreachable provider fails the payment and the purchase.
const initialize =
  (
    deps: StartPurchaseDeps,
    input: StartPurchaseInput,
    { payment, purchase }: { payment: PaymentTransaction; purchase: Purchase },
  ): TE.TaskEither<PaymentRefused | PaymentProviderUnavailable, StartedPurchase> =>
  async () => {
    const nationalId = input.nationalId;
    const started = await initializeAtProvider(deps, payment, input.card, {
      id: purchase.id,
      email: input.email,
      ip: input.clientAddress,
      identityNumber: nationalId === undefined ? undefined : async () => nationalId,
      details: input.payer ?? {},
    });
    if (E.isLeft(started)) {
      await deps.purchases.moveStatus(purchase.id, ['awaiting_payment'], 'failed', deps.clock.now());
      return started;
    }
    const statusTokenExpiresAt = new Date(purchase.createdAt.getTime() + STATUS_TOKEN_TTL_MS);
    return E.right({
      purchase,
      ...started.right,
      statusToken: deps.purchaseStatusTokens.issue(purchase.id, statusTokenExpiresAt),
      statusTokenExpiresAt,
    });
  };

/**
 * A visitor buys a plan on an organization's public page, with no account. First the guards: the bot
 * check's token where it is on (`BotCheckFailed`), the address's and the email's purchase budgets
 * (`PurchaseRateLimited`), and, for a signed-in buyer only, `AlreadyMember`. Then the plan must be on sale
 * with a seat free (checked under the plan's row lock), then an `awaiting_payment` purchase and its
 * `initiated` payment are stored together, with the plan's price, currency, period and role as they
 * are now, and the provider is asked after the commit (iyzico 3DS or the PayTR iFrame). The card and
 * the buyer's national ID exist only inside the provider's call: neither is stored or logged. The
 * answer carries a status token (an HMAC of the purchase id and its expiry) to follow the purchase with.
 *
 * @example
 * await startPurchase(deps)('iron-gym', { planId, email, name, locale, provider: 'paytr', clientAddress })();
 */
export const startPurchase =
  (deps: StartPurchaseDeps) =>
  (slug: OrganizationSlug, input: StartPurchaseInput): TE.TaskEither<StartPurchaseError, StartedPurchase> =>
    pipe(
      checkBot(deps, input.botCheckToken, input.clientAddress),
      TE.flatMap(() => throttlePurchase(deps, input.email, input.clientAddress)),
      TE.flatMap(() => TE.fromEither(checkPurchaseProvider(deps, input))),
      TE.flatMap(() => findPublicOrganization(deps.organizations, slug)),
      TE.tap((organization) => refuseKnownMember(deps, organization.id, input.buyer)),
      TE.flatMap((organization) => record(deps, organization, input)),
      TE.flatMap((rows) => initialize(deps, input, rows)),
    );
