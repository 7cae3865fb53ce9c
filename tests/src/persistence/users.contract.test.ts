import type { Users } from '@idv/core';
import { InMemoryUsers, usersContract } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

const runContract = (label: string, subject: () => Users): void => {
  for (const contractCase of usersContract) {
    test(`Users contract on ${label}: ${contractCase.name}`, async (t) => {
      await contractCase.run(subject());
      t.pass();
    });
  }
};

const inMemory = new InMemoryUsers();
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) => runContract(backend.label, () => backend.persistence().users));
