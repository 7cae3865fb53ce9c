import test from 'ava';
import { ImmediateUnitOfWork, InMemoryPaymentCallbackInbox, InMemoryPaymentSubscriptions, InMemoryPaymentTransactions, paymentsContract } from '../testing/index.js';

for (const contractCase of paymentsContract) {
  test(`payments contract on the in-memory fakes: ${contractCase.name}`, async (t) => {
    await contractCase.run({
      paymentTransactions: new InMemoryPaymentTransactions(),
      paymentInbox: new InMemoryPaymentCallbackInbox(),
      paymentSubscriptions: new InMemoryPaymentSubscriptions(),
      unitOfWork: new ImmediateUnitOfWork(),
      prepare: async () => undefined,
    });
    t.pass();
  });
}
