/** The `__idp_status` values of a ticket link. */
export type TicketStatus = 'sign_up' | 'sign_in' | 'complete';

/** Where invitation links land and what they carry. */
export interface InvitationLinkOptions {
  /** The app's origin (`APP_URL`); links to any other origin or scheme are refused. */
  readonly appOrigin: string;
  /** Default `/sign-up`. */
  readonly signUpPath?: string;
  /** Default `__idp_ticket`. */
  readonly ticketParam?: string;
  /** Default `__idp_status`. */
  readonly statusParam?: string;
}

const STATUSES: readonly string[] = ['sign_up', 'sign_in', 'complete'];

/**
 * Reads an invitation link `{app_url}/sign-up?__idp_ticket=…&__idp_status=sign_up` (the provider's
 * ticket redirect), or `null` when it is not one: another origin or scheme, another path (a
 * trailing slash is fine), no or an empty ticket, an unknown status. A missing status is `sign_up`.
 *
 * @example
 * parseInvitationLink('https://app.test/sign-up?__idp_ticket=T&__idp_status=sign_up', { appOrigin: 'https://app.test' });
 * // { ticket: 'T', status: 'sign_up' }
 */
export const parseInvitationLink = (
  link: string | URL,
  options: InvitationLinkOptions,
): { readonly ticket: string; readonly status: TicketStatus } | null => {
  let url: URL;
  let origin: string;
  try {
    url = new URL(link);
    origin = new URL(options.appOrigin).origin;
  } catch {
    return null;
  }
  const signUpPath = (options.signUpPath ?? '/sign-up').replace(/\/+$/, '');
  if (url.origin !== origin || url.pathname.replace(/\/$/, '') !== signUpPath) return null;
  const ticket = url.searchParams.get(options.ticketParam ?? '__idp_ticket');
  const status = url.searchParams.get(options.statusParam ?? '__idp_status') ?? 'sign_up';
  if (ticket === null || ticket === '' || !STATUSES.includes(status)) return null;
  return { ticket, status: status as TicketStatus };
};
