import type { Persistence } from '@idv/adapters-persistence';
import type { Purchase } from '@idv/core';
import { aPayment, InMemoryPurchases, purchasesContract, type PurchasesSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureOrganization } from './support/seed.js';

const runContract = (label: string, subject: () => PurchasesSubject): void =>
  registerContract('Purchases', purchasesContract, label, subject);

/** Makes a purchase's organization, plan and payment exist (the foreign keys of `purchases`). */
const prepareRows = async (persistence: Persistence, purchase: Purchase): Promise<void> => {
  await ensureOrganization(persistence, purchase.organizationId);
  await persistence.orm.em.execute(
    `insert into "plans" ("id", "organization_id", "name", "description", "price_minor", "currency", "period", "grants_role", "agreement_template_ids", "on_sale")
values (?, ?, 'Seeded plan', '{}', 150000, 'TRY', 'month', 'member', '[]', true) on conflict ("id") do nothing`,
    [purchase.planId, purchase.organizationId],
  );
  await persistence.paymentTransactions.create(aPayment(purchase.paymentId, purchase.organizationId));
};

runContract('the in-memory fake', () => ({ purchases: new InMemoryPurchases(), prepare: async () => undefined }));
forEachBackend((backend) =>
  runContract(backend.label, () => {
    const persistence = backend.persistence();
    return { purchases: persistence.purchases, prepare: (purchase) => prepareRows(persistence, purchase) };
  }),
);
