import type { OrganizationId } from '@idv/core';
import { InMemoryPlans, plansContract, type PlansSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureOrganization } from './support/seed.js';

const runContract = (label: string, subject: () => PlansSubject): void => registerContract('Plans', plansContract, label, subject);

runContract('the in-memory fake', () => ({ plans: new InMemoryPlans(), prepare: async () => undefined }));
forEachBackend((backend) =>
  runContract(backend.label, () => {
    const persistence = backend.persistence();
    return { plans: persistence.plans, prepare: (organizationId: OrganizationId) => ensureOrganization(persistence, organizationId) };
  }),
);
