import test from 'ava';
import { ImmediateUnitOfWork, InMemoryPaymentCallbackInbox, InMemoryPaymentTransactions, paymentsContract } from '../testing/index.js';

for (const contractCase of paymentsContract) {
  test(`payments contract on the in-memory fakes: ${contractCase.name}`, async (t) => {
    await contractCase.run({
      paymentTransactions: new InMemoryPaymentTransactions(),
      paymentInbox: new InMemoryPaymentCallbackInbox(),
      unitOfWork: new ImmediateUnitOfWork(),
      prepare: async () => undefined,
    });
    t.pass();
  });
}
