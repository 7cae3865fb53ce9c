import { newId } from '../support/ids.js';

/** How an email address was verified, or the code it still waits for (reference §2.6). */
export type Verification =
  | { object: 'verification_admin'; status: 'verified'; strategy: 'admin'; attempts: null; expire_at: null }
  | { object: 'verification_ticket'; status: 'verified'; strategy: 'ticket'; attempts: null; expire_at: null }
  | { object: 'verification_otp'; status: 'unverified'; strategy: 'email_code'; attempts: number; expire_at: null };

/**
 * How a new address starts: verified by the admin API or an invitation ticket, or `unverified`
 * (a sign-up that has not entered its e-mailed code yet: the provider's `email_code` still pending).
 */
export type AddressVerification = 'admin' | 'ticket' | 'unverified';

/** The `verification` of an address that starts as `kind`. */
export const verificationJson = (kind: AddressVerification): Verification => {
  switch (kind) {
    case 'admin':
      return { object: 'verification_admin', status: 'verified', strategy: 'admin', attempts: null, expire_at: null };
    case 'ticket':
      return { object: 'verification_ticket', status: 'verified', strategy: 'ticket', attempts: null, expire_at: null };
    case 'unverified':
      return { object: 'verification_otp', status: 'unverified', strategy: 'email_code', attempts: 0, expire_at: null };
  }
};

/** The provider's EmailAddress object. */
export interface EmailAddressJson {
  id: string;
  object: 'email_address';
  email_address: string;
  reserved: boolean;
  /** `null` for an address the admin API marked unverified (as the provider answers it). */
  verification: Verification | null;
  linked_to: unknown[];
  matches_sso_connection: boolean;
  created_at: number;
  updated_at: number;
}

/** The provider's User object (the fields of reference §2.6). */
export interface UserJson {
  id: string;
  object: 'user';
  external_id: string | null;
  primary_email_address_id: string | null;
  primary_phone_number_id: null;
  primary_web3_wallet_id: null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  locale: null;
  profile_image_url: string;
  image_url: string;
  has_image: boolean;
  public_metadata: Record<string, unknown>;
  private_metadata: Record<string, unknown>;
  unsafe_metadata: Record<string, unknown>;
  email_addresses: EmailAddressJson[];
  phone_numbers: unknown[];
  web3_wallets: unknown[];
  passkeys: unknown[];
  password_enabled: boolean;
  two_factor_enabled: boolean;
  totp_enabled: boolean;
  backup_code_enabled: boolean;
  mfa_enabled_at: null;
  mfa_disabled_at: null;
  password_last_updated_at: number | null;
  external_accounts: unknown[];
  saml_accounts: unknown[];
  enterprise_accounts: unknown[];
  organization_memberships: unknown[];
  last_sign_in_at: number | null;
  banned: boolean;
  locked: boolean;
  deprovisioned: boolean;
  lockout_expires_in_seconds: null;
  verification_attempts_remaining: null;
  updated_at: number;
  created_at: number;
  delete_self_enabled: boolean;
  create_organization_enabled: boolean;
  create_organizations_limit: null;
  last_active_at: number | null;
  legal_accepted_at: null;
  bypass_client_trust: boolean;
}

/** What a new user is made of. */
export interface NewUser {
  emails: readonly string[];
  verification: AddressVerification;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  username?: string | null | undefined;
  externalId?: string | null | undefined;
  hasPassword: boolean;
  publicMetadata?: Record<string, unknown> | undefined;
  privateMetadata?: Record<string, unknown> | undefined;
  unsafeMetadata?: Record<string, unknown> | undefined;
}

const DEFAULT_IMAGE = 'https://www.gravatar.com/avatar?d=mp';

/** An EmailAddress verified by `kind` (admin-created or invitation ticket), or not verified yet. */
export const emailAddressJson = (email: string, kind: AddressVerification, at: number): EmailAddressJson => ({
  id: newId('idn'),
  object: 'email_address',
  email_address: email,
  reserved: false,
  verification: verificationJson(kind),
  linked_to: [],
  matches_sso_connection: false,
  created_at: at,
  updated_at: at,
});

/** Builds a full User object created at `at`. */
export const userJson = (input: NewUser, at: number): UserJson => {
  const emails = input.emails.map((email) => emailAddressJson(email, input.verification, at));
  return {
    id: newId('user'),
    object: 'user',
    external_id: input.externalId ?? null,
    primary_email_address_id: emails[0]?.id ?? null,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    username: input.username ?? null,
    first_name: input.firstName ?? null,
    last_name: input.lastName ?? null,
    locale: null,
    profile_image_url: DEFAULT_IMAGE,
    image_url: DEFAULT_IMAGE,
    has_image: false,
    public_metadata: input.publicMetadata ?? {},
    private_metadata: input.privateMetadata ?? {},
    unsafe_metadata: input.unsafeMetadata ?? {},
    email_addresses: emails,
    phone_numbers: [],
    web3_wallets: [],
    passkeys: [],
    password_enabled: input.hasPassword,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    mfa_enabled_at: null,
    mfa_disabled_at: null,
    password_last_updated_at: input.hasPassword ? at : null,
    external_accounts: [],
    saml_accounts: [],
    enterprise_accounts: [],
    organization_memberships: [],
    last_sign_in_at: null,
    banned: false,
    locked: false,
    deprovisioned: false,
    lockout_expires_in_seconds: null,
    verification_attempts_remaining: null,
    updated_at: at,
    created_at: at,
    delete_self_enabled: true,
    create_organization_enabled: true,
    create_organizations_limit: null,
    last_active_at: null,
    legal_accepted_at: null,
    bypass_client_trust: false,
  };
};
