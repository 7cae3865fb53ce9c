import { agreementRenditionsContract, inMemoryAgreementRenditionsSubject, type AgreementRenditionsSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { seedMembership } from './support/seed.js';

// The SHA-256 of each compliance PDF rendered, on the fake, PGlite and PostgreSQL.
const runContract = (label: string, subject: () => AgreementRenditionsSubject): void =>
  registerContract('AgreementRenditions', agreementRenditionsContract, label, subject);

runContract('the in-memory fake', inMemoryAgreementRenditionsSubject);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    agreementTemplates: backend.persistence().agreementTemplates,
    agreements: backend.persistence().agreements,
    agreementRenditions: backend.persistence().agreementRenditions,
    seed: (membership) => seedMembership(backend.persistence(), membership),
  })),
);
