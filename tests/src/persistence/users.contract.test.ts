import type { Users } from '@idv/core';
import { InMemoryUsers, usersContract } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';

const runContract = (label: string, subject: () => Users): void => registerContract('Users', usersContract, label, subject);

const inMemory = new InMemoryUsers();
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) => runContract(backend.label, () => backend.persistence().users));
