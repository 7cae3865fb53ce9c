// Envelopes shaped exactly like the provider's (its webhook reference examples), for tests.

/** Options for a provider User object. */
export interface IdpUserJsonOptions {
  readonly id: string;
  readonly email?: string;
  readonly imageUrl?: string;
  readonly updatedAt?: number;
  readonly verification?: 'verified' | 'unverified';
}

/** A provider User object as `user.created` / `user.updated` carry it. */
export const idpUserJson = (options: IdpUserJsonOptions): Record<string, unknown> => {
  const emailId = `idn_${options.id.slice(5)}`;
  const at = options.updatedAt ?? 1_716_883_200_000;
  return {
    object: 'user',
    id: options.id,
    external_id: null,
    primary_email_address_id: emailId,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    username: null,
    first_name: 'John',
    last_name: 'Doe',
    profile_image_url: options.imageUrl ?? 'https://img.example.com/default.png',
    image_url: options.imageUrl ?? 'https://img.example.com/default.png',
    has_image: true,
    public_metadata: {},
    private_metadata: null,
    unsafe_metadata: {},
    email_addresses: [
      {
        id: `idn_other${options.id.slice(5)}`,
        object: 'email_address',
        email_address: 'secondary@example.org',
        reserved: false,
        verification: { object: 'verification_admin', status: 'verified', strategy: 'admin' },
        linked_to: [],
      },
      {
        id: emailId,
        object: 'email_address',
        email_address: options.email ?? 'john.doe@example.com',
        reserved: false,
        verification: { object: 'verification_ticket', status: options.verification ?? 'verified', strategy: 'ticket' },
        linked_to: [],
        created_at: at,
        updated_at: at,
      },
    ],
    phone_numbers: [],
    web3_wallets: [],
    passkeys: [],
    password_enabled: true,
    two_factor_enabled: false,
    external_accounts: [],
    last_sign_in_at: at,
    banned: false,
    locked: false,
    updated_at: at,
    created_at: 1_716_883_200_000,
  };
};

const envelope = (type: string, data: unknown): Record<string, unknown> => ({
  data,
  event_attributes: { http_request: { client_ip: '192.168.1.100', user_agent: 'Mozilla/5.0' } },
  instance_id: 'ins_2g7np7Hrk0SN6kj5EDMLDaKNL0S',
  object: 'event',
  timestamp: 1_716_883_200_000,
  type,
});

/** A `user.created` event envelope. */
export const userCreatedEvent = (options: IdpUserJsonOptions) => envelope('user.created', idpUserJson(options));
/** A `user.updated` event envelope. */
export const userUpdatedEvent = (options: IdpUserJsonOptions) => envelope('user.updated', idpUserJson(options));
/** A `user.deleted` event envelope (a DeletedObject). */
export const userDeletedEvent = (id: string) => envelope('user.deleted', { deleted: true, id, object: 'user' });
/** An event of a type the service ignores. */
export const otherEvent = (type: string, data: unknown = { object: 'session', id: 'sess_2g7np7Hrk0SN6kj5EDMLDaKNL0S' }) =>
  envelope(type, data);
