import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import type { OrganizationId, OrganizationName } from '../organization/organization.js';
import {
  ImmediateUnitOfWork,
  InMemoryOrganizations,
  InMemoryPaymentCallbackInbox,
  InMemoryPaymentSubscriptions,
  InMemoryPaymentTransactions,
  paymentsContract,
  fixtureSlug,
} from '../testing/index.js';

for (const contractCase of paymentsContract) {
  test(`payments contract on the in-memory fakes: ${contractCase.name}`, async (t) => {
    const organizations = new InMemoryOrganizations();
    await contractCase.run({
      organizations,
      paymentTransactions: new InMemoryPaymentTransactions(),
      paymentInbox: new InMemoryPaymentCallbackInbox(),
      paymentSubscriptions: new InMemoryPaymentSubscriptions(),
      unitOfWork: new ImmediateUnitOfWork(),
      prepare: async (id) => {
        const at = new Date('2026-03-01T00:00:00.000Z');
        if (O.isNone(await organizations.findById(id as OrganizationId)))
          await organizations.create({
            id: id as OrganizationId,
            name: 'Club' as OrganizationName,
            slug: fixtureSlug(id),
            createdAt: at,
            updatedAt: at,
          });
      },
    });
    t.pass();
  });
}
