/**
 * Every test buys from loopback, most with a handful of emails: purchase budgets no suite reaches by
 * accident. The suite of the budgets sets its own (its overrides win).
 */
export const GENEROUS_PURCHASE_BUDGETS: Readonly<Record<string, string>> = {
  PURCHASE_LIMIT_ADDRESS_PER_HOUR: '100000',
  PURCHASE_LIMIT_EMAIL_PER_HOUR: '100000',
};
