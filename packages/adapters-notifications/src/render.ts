import type { Locale, NotificationMessage } from '@idv/core';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUES, FALLBACK_LANGUAGE, type Catalogue, type MessageKind } from './catalogues.js';

/** A message put into words. */
export interface RenderedMessage {
  /** The catalogue language used (`tr` for `tr-TR`; `en` when the locale has none). */
  readonly language: string;
  readonly title: string;
  readonly body: string;
  /** What the app reads to open the right screen (ids only, never personal data). */
  readonly data: Readonly<Record<string, string>>;
}

const languageOf = (locale: Locale, catalogues: Readonly<Record<string, Catalogue>>): string => {
  if (catalogues[locale] !== undefined) return locale;
  const language = new Intl.Locale(locale).language;
  return catalogues[language] !== undefined ? language : FALLBACK_LANGUAGE;
};

const argumentsOf = (message: NotificationMessage): Record<string, string> => {
  switch (message.kind) {
    case 'invitation.received':
      return { organizationName: message.organizationName, role: message.role };
    case 'invitation.accepted':
      return { organizationName: message.organizationName, inviteeEmail: message.inviteeEmail ?? 'none' };
    case 'webhook_endpoint.disabled':
      return { endpointHost: message.endpointHost, reason: message.reason };
    case 'agreement.requested':
      return { organizationName: message.organizationName };
  }
};

// What the app receives with the push, to open the right screen: ids only.
const dataOf = (message: NotificationMessage): RenderedMessage['data'] => {
  switch (message.kind) {
    case 'webhook_endpoint.disabled':
      return { kind: message.kind, organizationId: message.organizationId, endpointId: message.endpointId };
    case 'agreement.requested':
      return { kind: message.kind, organizationId: message.organizationId, agreementId: message.agreementId };
    default:
      return { kind: message.kind, organizationId: message.organizationId, invitationId: message.invitationId };
  }
};

/**
 * Puts messages into words from ICU catalogues with `intl-messageformat`: the locale's catalogue
 * (`tr-TR` → `tr`), else `en`; a message missing from a catalogue also falls back to `en`. Compiled
 * patterns are cached.
 *
 * @example
 * const render = createRenderer();
 * render('tr-TR', { kind: 'invitation.received', organizationName: 'Iron Temple', … }).title; // 'Iron Temple sizi davet etti'
 */
export const createRenderer = (catalogues: Readonly<Record<string, Catalogue>> = CATALOGUES) => {
  const compiled = new Map<string, IntlMessageFormat>();
  const format = (language: string, kind: MessageKind, part: 'title' | 'body', values: Record<string, string>): string => {
    const key = `${language}\u0000${kind}\u0000${part}`;
    let pattern = compiled.get(key);
    if (pattern === undefined) {
      const source = catalogues[language]?.[kind]?.[part] ?? catalogues[FALLBACK_LANGUAGE]![kind][part];
      pattern = new IntlMessageFormat(source, language);
      compiled.set(key, pattern);
    }
    return String(pattern.format(values));
  };
  return (locale: Locale, message: NotificationMessage): RenderedMessage => {
    const language = languageOf(locale, catalogues);
    const values = argumentsOf(message);
    return {
      language,
      title: format(language, message.kind, 'title', values),
      body: format(language, message.kind, 'body', values),
      data: dataOf(message),
    };
  };
};

/** A renderer: locale and message in, words out. */
export type Renderer = ReturnType<typeof createRenderer>;
