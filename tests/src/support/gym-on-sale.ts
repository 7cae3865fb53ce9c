import { startPaymentsEmulator, targetsOf, type PaymentsEmulator } from '@idv/payments-emulator';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from './emulated-service.js';
import { paymentsEmulatorEnv } from './payments-emulator-env.js';

/** The body of `POST /organizations/:orgId/plans` for a monthly `member` plan at 1,500.00 TRY, on sale. */
export const MONTHLY_PLAN_BODY = {
  name: 'Monthly',
  priceMinor: 150000,
  currency: 'TRY',
  period: 'month',
  grantsRole: 'member',
  onSale: true,
} as const;

/** A service selling one plan on a public page, the providers played by the payments emulator. */
export interface GymOnSale {
  readonly world: EmulatedService;
  readonly payments: PaymentsEmulator;
  readonly ownerId: string;
  readonly orgId: string;
  /** A monthly `member` plan at 1,500.00 TRY, on sale. */
  readonly planId: string;
  /** Provider ids of the members seeded besides the owner, by email. */
  readonly memberIds: ReadonlyMap<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the payments emulator (its callbacks aimed at the service) and the service with `env`, then an
 * organization named `name` (slug from the name) with active `members` and a monthly plan on sale.
 */
export const startGymOnSale = async (name: string, env: Record<string, string>, members: readonly string[] = []): Promise<GymOnSale> => {
  const payments = await startPaymentsEmulator({ timeScale: 0.001 });
  const world = await startEmulatedService({ ...paymentsEmulatorEnv(payments), ...env });
  payments.setTargets(targetsOf(world.service.url));
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const ownerId = await world.seedUser(`${slug}-owner@example.com`);
  const memberIds = new Map<string, string>();
  for (const email of members) memberIds.set(email, await world.seedUser(email));
  const { orgId } = await organizationWithMembers(
    world,
    ownerId,
    name,
    members.map((email) => ({ idpId: memberIds.get(email)!, email, role: 'member' as const })),
  );
  const plan = await world.as(ownerId).post(`/organizations/${orgId}/plans`, MONTHLY_PLAN_BODY);
  if (plan.status !== 201) throw new Error(`creating the plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  return {
    world,
    payments,
    ownerId,
    orgId,
    planId: plan.body.plan.id as string,
    memberIds,
    close: async () => {
      await world.close();
      await payments.close();
    },
  };
};

/** A fresh token of the local bot-check stand-in (`BOT_CHECK_LOCAL`), as a page's challenge would hand it over. */
export const standInToken = async (world: EmulatedService): Promise<string> => {
  const response = await fetch(`${world.service.url}/dev/bot-check-tokens`, { method: 'POST' });
  if (response.status !== 201) throw new Error(`the stand-in token answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
};

/** A visitor's order for `planId` by PayTR (the body of a purchase), with `overrides`. */
export const visitorOrder = (planId: string, overrides: Record<string, unknown> = {}) => ({
  planId,
  email: 'visitor@example.com',
  name: 'Ayşe Yılmaz',
  locale: 'tr-TR',
  provider: 'paytr' as const,
  ...overrides,
});
