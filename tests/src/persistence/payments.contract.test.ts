import {
  ImmediateUnitOfWork,
  InMemoryOrganizations,
  InMemoryPaymentCallbackInbox,
  InMemoryPaymentSubscriptions,
  InMemoryPaymentTransactions,
  paymentsContract,
  type PaymentsSubject,
  fixtureSlug,
} from '@idv/core/testing';
import type { OrganizationId, OrganizationName } from '@idv/core';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureOrganization } from './support/seed.js';

const runContract = (label: string, subject: () => PaymentsSubject): void => registerContract('Payments', paymentsContract, label, subject);

const organizations = new InMemoryOrganizations();
const prepared = new Set<string>();
const inMemory: PaymentsSubject = {
  organizations,
  paymentTransactions: new InMemoryPaymentTransactions(),
  paymentInbox: new InMemoryPaymentCallbackInbox(),
  paymentSubscriptions: new InMemoryPaymentSubscriptions(),
  unitOfWork: new ImmediateUnitOfWork(),
  // Cases run concurrently on this one fake: the first to name an organization creates it.
  prepare: async (id) => {
    if (prepared.has(id)) return;
    prepared.add(id);
    await organizations.create({
      id: id as OrganizationId,
      name: 'Seeded' as OrganizationName,
      slug: fixtureSlug(id),
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });
  },
};
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => {
    const persistence = backend.persistence();
    return {
      organizations: persistence.organizations,
      paymentTransactions: persistence.paymentTransactions,
      paymentInbox: persistence.paymentInbox,
      paymentSubscriptions: persistence.paymentSubscriptions,
      unitOfWork: persistence.unitOfWork,
      prepare: (organizationId) => ensureOrganization(persistence, organizationId),
    };
  }),
);
