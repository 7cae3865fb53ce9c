import type { Email } from '../identity/email.js';
import type { IdpUserId } from '../identity/identifiers.js';
import type { ProviderUser } from '../identity/user.js';

/** A provider user with readable defaults; override what the test is about. */
export const aProviderUser = (
  overrides: Omit<Partial<ProviderUser>, 'idpId' | 'email'> & { idpId: string; email?: string | null },
): ProviderUser => ({
  emailVerified: true,
  imageUrl: `https://img.example.com/${overrides.idpId}.png`,
  updatedAt: 1_716_883_200_000,
  ...overrides,
  idpId: overrides.idpId as IdpUserId,
  email: (overrides.email === undefined ? `${overrides.idpId.toLowerCase()}@example.com` : overrides.email) as Email | null,
});
