import type { Context } from 'koa';

/**
 * Where a signed route leaves the code of the refusal it answered (a reply's `rejection`), for the
 * failure budget that runs after it (the payment callbacks' `CallbackRejection`, the webhook's refusals).
 */
export const markRejection = (ctx: Context, tag: string): void => {
  ctx.state['rejection'] = tag;
};

/** The refusal a route marked, if any. */
export const rejectionOf = (ctx: Context): string | undefined => ctx.state['rejection'] as string | undefined;
