import type { RateLimitDecision, RateLimiter } from './rate-limiter.js';

/** One draw: a budget's limiter, and the key to take a point from. */
export type BudgetDraw = readonly [limiter: RateLimiter, key: string];

/**
 * Takes one point from each budget in order, or none: the first budget that refuses answers its
 * decision, and the points already taken are given back (a refused request does nothing, so it costs
 * nothing in the budgets that had let it through).
 *
 * @example
 * await drawBudgets([[throttle.address, address], [throttle.email, email]]);
 */
export const drawBudgets = async (draws: readonly BudgetDraw[]): Promise<RateLimitDecision> => {
  const taken: BudgetDraw[] = [];
  for (const draw of draws) {
    const decision = await draw[0].consume(draw[1]);
    if (!decision.allowed) {
      await Promise.all(taken.map(([limiter, key]) => limiter.refund(key)));
      return decision;
    }
    taken.push(draw);
  }
  return { allowed: true };
};
