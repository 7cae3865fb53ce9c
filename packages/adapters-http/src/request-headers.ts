import type { Context } from 'koa';

/** A request header's value, or undefined when absent or empty (an empty header counts as missing). */
export const optionalHeader = (ctx: Context, name: string): string | undefined => {
  const value = ctx.get(name);
  return value === '' ? undefined : value;
};
