/** The columns a `user.created` / `user.updated` writes, read from the provider's User object. */
export interface UserColumns {
  readonly idpId: string;
  readonly email: string | null;
  readonly imageUrl: string | null;
  readonly updatedAt: number;
}

interface EmailAddress {
  readonly id?: unknown;
  readonly email_address?: unknown;
}

/**
 * Reads the provider's User object by hand, as both references do: the primary email is the entry
 * whose id is `primary_email_address_id`, trimmed and lower-cased. `undefined` when it is not a user.
 */
export const userColumns = (data: unknown): UserColumns | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const user = data as {
    id?: unknown;
    email_addresses?: unknown;
    primary_email_address_id?: unknown;
    image_url?: unknown;
    updated_at?: unknown;
  };
  if (typeof user.id !== 'string' || !/^user_[A-Za-z0-9]{1,64}$/.test(user.id) || typeof user.updated_at !== 'number') return undefined;
  const addresses = Array.isArray(user.email_addresses) ? (user.email_addresses as EmailAddress[]) : [];
  const primary = addresses.find((entry) => entry.id === user.primary_email_address_id);
  const email = typeof primary?.email_address === 'string' ? primary.email_address.trim().toLowerCase() : null;
  return { idpId: user.id, email, imageUrl: typeof user.image_url === 'string' ? user.image_url : null, updatedAt: user.updated_at };
};
