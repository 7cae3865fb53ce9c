import { callersContract, inMemoryCallersSubject, type CallersSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { seedMembership } from './support/seed.js';

const runContract = (label: string, subject: () => CallersSubject): void => registerContract('Callers', callersContract, label, subject);

const inMemory = inMemoryCallersSubject();
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => {
    const persistence = backend.persistence();
    return { callers: persistence.callers, users: persistence.users, seed: (seed) => seedMembership(persistence, seed) };
  }),
);
