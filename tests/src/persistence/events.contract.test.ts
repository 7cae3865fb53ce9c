import { eventsContract, inMemoryEventStores, type EventsSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureOrganization } from './support/seed.js';

const runContract = (label: string, subject: () => EventsSubject): void => registerContract('Events', eventsContract, label, subject);

const inMemory: EventsSubject = {
  ...inMemoryEventStores(),
  prepare: async () => undefined,
};
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    eventLog: backend.persistence().eventLog,
    webhookEndpoints: backend.persistence().webhookEndpoints,
    eventDeliveries: backend.persistence().eventDeliveries,
    prepare: (organizationId) => ensureOrganization(backend.persistence(), organizationId),
  })),
);
