import { ContainerModule } from 'inversify';
import { createPdfAgreementDocuments } from '@idv/adapters-documents';
import { flexibleRateLimiter } from '@idv/adapters-rate-limit';
import { agreementJobHandlers, agreementsArea, type AgreementsArea } from '@idv/core';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/**
 * The agreements area: templates, signature requests and their links (`$PUBLIC_API_URL/sign/<token>`,
 * `AGREEMENT_LINK_TTL_DAYS`), the public signing, and compliance PDFs (pdfkit); its jobs
 * (`agreements.notify-requested`) under `TOKENS.JobHandlers`.
 */
export const agreements: Area<AgreementsArea> = {
  services: TOKENS.AgreementsArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.AgreementSettings).toConstantValue({
        publicApiUrl: config.payments.publicApiUrl ?? `http://127.0.0.1:${config.port}`,
        linkTtlDays: config.agreementLinkTtlDays,
      });
      // Ten refusals per link (unknown, expired, used, refused input) in 15 minutes, then 15 minutes blocked.
      bind(TOKENS.AgreementLinkLimiter).toDynamicValue((context) =>
        flexibleRateLimiter(
          context.get(TOKENS.RateLimitStore),
          { points: 10, windowSeconds: 900, blockSeconds: 900 },
          { name: 'agreement-link', logger: context.get(TOKENS.Logger) },
        ),
      );
      bind(TOKENS.AgreementDocuments).toConstantValue(createPdfAgreementDocuments());
      bind(TOKENS.AgreementsArea).toDynamicValue((context) => agreementsArea(portsOf(context)));
      bind(TOKENS.JobHandlers).toDynamicValue((context) => agreementJobHandlers(portsOf(context)));
    }),
};
