import type { AgreementTemplateInput } from '../agreements/agreement-template.js';
import type { PlanInput, PlanName } from '../commerce/plan.js';
import type { AmountMinor } from '../payments/payment.js';

/** A monthly `member` plan at 1,500.00 TRY, on sale, with no agreements: spread it and override what a case needs. */
export const MONTHLY_PLAN: PlanInput = {
  name: 'Monthly' as PlanName,
  priceMinor: 150_000 as AmountMinor,
  currency: 'TRY',
  period: 'month',
  grantsRole: 'member',
  onSale: true,
};

/** A one-language liability waiver, the agreement template a gym asks of every buyer. */
export const WAIVER_TEMPLATE: AgreementTemplateInput = {
  kind: 'waiver',
  texts: { en: { title: 'Liability waiver', body: 'I train at my own risk.' } },
};
