import test from 'ava';
import type { ContractCase } from '@idv/core/testing';

/** Registers each case of a port's contract as an ava test against one subject. */
export const registerContract = <Subject>(
  port: string,
  cases: readonly ContractCase<Subject>[],
  label: string,
  subject: () => Subject,
): void => {
  for (const contractCase of cases) {
    test(`${port} contract on ${label}: ${contractCase.name}`, async (t) => {
      await contractCase.run(subject());
      t.pass();
    });
  }
};
