import { startIdpEmulator, type IdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';
import { persona, serviceApi, type ServiceApi } from './service-api.js';
import type { StartOptions } from '@idv/server';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from './service-under-test.js';
import { GENEROUS_PURCHASE_BUDGETS } from './generous-purchase-budgets.js';

/** The real server (in-process, over a socket) with the provider emulator in-process as its provider. */
export interface EmulatedService {
  readonly emulator: IdpEmulator;
  readonly service: ServiceUnderTest;
  /** Creates a provider user and waits until its `user.created` has reached the service; returns its provider id. */
  seedUser(email: string): Promise<string>;
  /** The service as the persona `idpId` (`TEST_AUTH_BYPASS`), optionally with a session role such as `platform_admin`. */
  as(idpId: string, role?: string): ServiceApi;
  close(): Promise<void>;
}

/**
 * Starts the emulator, then the service against it with `TEST_AUTH_BYPASS=true` (plus `overrides`,
 * e.g. `DATABASE_URL`), and points the emulator's webhooks at the service.
 */
export const startEmulatedService = async (
  overrides: Record<string, string> = {},
  options: Omit<StartOptions, 'logDestination'> = {},
  /** More settings once the emulator runs (e.g. `IDP_API_URL` of a proxy in front of it). */
  around: (emulator: IdpEmulator) => Promise<Record<string, string>> = async () => ({}),
): Promise<EmulatedService> => {
  const emulator = await startIdpEmulator({ timeScale: 0.001 });
  let service: ServiceUnderTest;
  try {
    service = await startServiceUnderTest(
      providerEnv(emulator, { TEST_AUTH_BYPASS: 'true', ...GENEROUS_PURCHASE_BUDGETS, ...overrides, ...(await around(emulator)) }),
      options,
    );
  } catch (error) {
    await emulator.close();
    throw error;
  }
  emulator.setWebhookUrl(`${service.url}/webhooks/idp`);
  return {
    emulator,
    service,
    seedUser: async (email) => {
      const created = await adminFetch(emulator, 'POST', '/v1/users', { email_address: [email] });
      if (created.status !== 200) throw new Error(`creating ${email} answered ${created.status}: ${JSON.stringify(created.body)}`);
      await emulator.whenSettled(60_000);
      return created.body.id as string;
    },
    as: (idpId, role) => serviceApi(service.url, persona(idpId, role)),
    close: async () => {
      await service.close();
      await emulator.close();
    },
  };
};

/** An organization owned by `owner` whose other members (one per email, each with `role`) have accepted; ids by email. */
export const organizationWithMembers = async (
  world: EmulatedService,
  ownerIdpId: string,
  name: string,
  members: ReadonlyArray<{ readonly idpId: string; readonly email: string; readonly role: 'admin' | 'coach' | 'member' }>,
): Promise<{ orgId: string; ownerMembershipId: string; membershipIds: Map<string, string> }> => {
  const owner = world.as(ownerIdpId);
  const created = await owner.post('/organizations', { name });
  if (created.status !== 201) throw new Error(`creating ${name} answered ${created.status}: ${JSON.stringify(created.body)}`);
  const orgId = created.body.organization.id as string;
  const membershipIds = new Map<string, string>();
  for (const member of members) {
    const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: member.email, role: member.role });
    if (invited.status !== 201) throw new Error(`inviting ${member.email} answered ${invited.status}: ${JSON.stringify(invited.body)}`);
    const accepted = await world.as(member.idpId).post('/invitations/accept', { invitationId: invited.body.invitation.id });
    if (accepted.status !== 200) throw new Error(`${member.email} accepting answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
    membershipIds.set(member.email, accepted.body.membership.id as string);
  }
  return { orgId, ownerMembershipId: created.body.membership.id as string, membershipIds };
};
