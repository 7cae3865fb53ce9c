import type { Organizations } from '@idv/core';
import { InMemoryOrganizations, organizationsContract } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';

const runContract = (label: string, subject: () => Organizations): void =>
  registerContract('Organizations', organizationsContract, label, subject);

const inMemory = new InMemoryOrganizations();
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) => runContract(backend.label, () => backend.persistence().organizations));
