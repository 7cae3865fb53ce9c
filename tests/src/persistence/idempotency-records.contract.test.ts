import type { IdempotencyRecords } from '@idv/core';
import { idempotencyRecordsContract, InMemoryIdempotencyRecords } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';

const runContract = (label: string, subject: () => IdempotencyRecords): void =>
  registerContract('IdempotencyRecords', idempotencyRecordsContract, label, subject);

const inMemory = new InMemoryIdempotencyRecords();
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) => runContract(backend.label, () => backend.persistence().idempotencyRecords));
