import type { InvitationId } from '../invitation/invitation.js';
import type { Role } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import type { InstallationId, Platform, PushToken } from './device.js';
import type { Locale } from './locale.js';

/** What a notification says, before it is put into words (the adapter's catalogues do that, per language). */
export type NotificationMessage =
  | {
      /** Path 2: someone invited an existing user; they accept in-app. */
      readonly kind: 'invitation.received';
      readonly organizationId: OrganizationId;
      readonly organizationName: string;
      readonly invitationId: InvitationId;
      readonly role: Role;
    }
  | {
      /** The invitee accepted; told to the inviter. */
      readonly kind: 'invitation.accepted';
      readonly organizationId: OrganizationId;
      readonly organizationName: string;
      readonly invitationId: InvitationId;
      readonly inviteeEmail: string | null;
    }
  | {
      /** The service disabled one of the organization's webhook endpoints; told to its owner and admins. */
      readonly kind: 'webhook_endpoint.disabled';
      readonly organizationId: OrganizationId;
      readonly endpointId: string;
      /** The endpoint URL's host alone (a path or query may carry a receiver's own token). */
      readonly endpointHost: string;
      /** `gone`: it answered 410; `failing`: every attempt failed for 5 days. */
      readonly reason: 'gone' | 'failing';
    }
  | {
      /** Staff asked the member to sign an agreement; the app fetches a link (`POST /users/me/agreements/:id/link`). */
      readonly kind: 'agreement.requested';
      readonly organizationId: OrganizationId;
      readonly organizationName: string;
      readonly agreementId: string;
    };

/** One push to one device, in the recipient's language. */
export interface Push {
  readonly installationId: InstallationId;
  readonly pushToken: PushToken;
  readonly platform: Platform;
  readonly locale: Locale;
  readonly message: NotificationMessage;
}

/** What the push service answered that concerns our records: tokens it no longer delivers to. */
export interface PushReport {
  /** `DeviceNotRegistered`: the app was uninstalled or the token expired; its device is removed. */
  readonly unregistered: readonly PushToken[];
}

/** A push the service accepted, whose delivery receipt is to be read once due. */
export interface PendingReceipt {
  /** The service's receipt id (Expo's ticket id). */
  readonly receiptId: string;
  /** The token the push went to: removed when the receipt says it is no longer registered. */
  readonly pushToken: PushToken;
}

/** What sending answered: the tokens refused at once, and the receipts to read later. */
export interface SendReport extends PushReport {
  /** Empty for a service without receipts (the log-only one). */
  readonly pendingReceipts: readonly PendingReceipt[];
}

/** What reading receipts answered: the tokens found unregistered, and the receipts not ready yet. */
export interface ReceiptsReport extends PushReport {
  /** Receipts the service did not answer yet (or could not be asked for): to be asked again later. */
  readonly unanswered: readonly PendingReceipt[];
}
