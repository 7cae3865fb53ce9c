import { agreementsContract, inMemoryAgreementsSubject, type AgreementsSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { seedMembership } from './support/seed.js';

// The agreements ports' contract (templates with versions, agreements with links) on the fake, PGlite and PostgreSQL.
const runContract = (label: string, subject: () => AgreementsSubject): void =>
  registerContract('Agreements', agreementsContract, label, subject);

runContract('the in-memory fake', inMemoryAgreementsSubject);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    agreementTemplates: backend.persistence().agreementTemplates,
    agreements: backend.persistence().agreements,
    seed: (membership) => seedMembership(backend.persistence(), membership),
  })),
);
