import {
  ImmediateUnitOfWork,
  InMemoryPaymentCallbackInbox,
  InMemoryPaymentSubscriptions,
  InMemoryPaymentTransactions,
  paymentsContract,
  type PaymentsSubject,
} from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureOrganization } from './support/seed.js';

const runContract = (label: string, subject: () => PaymentsSubject): void => registerContract('Payments', paymentsContract, label, subject);

const inMemory: PaymentsSubject = {
  paymentTransactions: new InMemoryPaymentTransactions(),
  paymentInbox: new InMemoryPaymentCallbackInbox(),
  paymentSubscriptions: new InMemoryPaymentSubscriptions(),
  unitOfWork: new ImmediateUnitOfWork(),
  prepare: async () => undefined,
};
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => {
    const persistence = backend.persistence();
    return {
      paymentTransactions: persistence.paymentTransactions,
      paymentInbox: persistence.paymentInbox,
      paymentSubscriptions: persistence.paymentSubscriptions,
      unitOfWork: persistence.unitOfWork,
      prepare: (organizationId) => ensureOrganization(persistence, organizationId),
    };
  }),
);
