import type { NotificationMessage } from '@idv/core';

/** The kinds of message the service sends. */
export type MessageKind = NotificationMessage['kind'];

/** One message in one language, as ICU MessageFormat patterns. */
export interface MessagePatterns {
  readonly title: string;
  readonly body: string;
}

/** Every message of one language. */
export type Catalogue = Readonly<Record<MessageKind, MessagePatterns>>;

/** The language every other falls back to, message by message. */
export const FALLBACK_LANGUAGE = 'en';

/**
 * The message catalogues, by language subtag. Patterns are ICU MessageFormat, put into
 * words with `intl-messageformat`; arguments are the message's fields (`organizationName`, `role`,
 * `inviteeEmail`, or `none` when it is null).
 */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = {
  en: {
    'invitation.received': {
      title: 'You were invited to {organizationName}',
      body: 'Open the app to join as {role, select, admin {an admin} coach {a coach} other {a member}}.',
    },
    'invitation.accepted': {
      title: 'Invitation accepted',
      body: '{inviteeEmail, select, none {Your invitee} other {{inviteeEmail}}} joined {organizationName}.',
    },
    'webhook_endpoint.disabled': {
      title: 'Webhook endpoint disabled',
      body: 'Events are no longer sent to {endpointHost}: {reason, select, gone {it answered 410 Gone} other {every delivery failed for 5 days}}. Fix it, then enable it again.',
    },
    'agreement.requested': {
      title: '{organizationName} asks you to sign an agreement',
      body: 'Open the app to read and sign it.',
    },
  },
  tr: {
    'invitation.received': {
      title: '{organizationName} sizi davet etti',
      body: 'Uygulamayı açın ve {role, select, admin {yönetici} coach {antrenör} other {üye}} olarak katılın.',
    },
    'invitation.accepted': {
      title: 'Davet kabul edildi',
      body: '{inviteeEmail, select, none {Davet ettiğiniz kişi} other {{inviteeEmail}}} {organizationName} üyeliğini kabul etti.',
    },
    'webhook_endpoint.disabled': {
      title: 'Webhook adresi devre dışı',
      body: '{endpointHost} adresine artık olay gönderilmiyor: {reason, select, gone {410 Gone yanıtı verdi} other {5 gündür her gönderim başarısız}}. Sorunu giderip yeniden etkinleştirin.',
    },
    'agreement.requested': {
      title: '{organizationName} sizden bir sözleşme imzalamanızı istiyor',
      body: 'Okuyup imzalamak için uygulamayı açın.',
    },
  },
};
