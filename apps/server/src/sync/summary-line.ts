import type { SyncSummary } from '@idv/core';

/**
 * The one-line summary of a user sync, as `npm run sync:users` prints it and the periodic job logs it:
 * `created 3, updated 1, deleted 1, invitations accepted 1, unchanged 40`.
 */
export const summaryLine = (summary: SyncSummary): string =>
  `created ${summary.created}, updated ${summary.updated}, deleted ${summary.deleted}, invitations accepted ${summary.invitationsAccepted}, unchanged ${summary.unchanged}` +
  (summary.stopped ? ' (stopped before the end)' : '');
