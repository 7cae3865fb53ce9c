import { InMemoryNationalIds, nationalIdsContract, type NationalIdsSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureUser } from './support/seed.js';

const runContract = (label: string, subject: () => NationalIdsSubject): void =>
  registerContract('NationalIds', nationalIdsContract, label, subject);

const inMemory: NationalIdsSubject = { nationalIds: new InMemoryNationalIds(), prepare: async () => undefined };
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    nationalIds: backend.persistence().nationalIds,
    prepare: (userId) => ensureUser(backend.persistence(), userId),
  })),
);
