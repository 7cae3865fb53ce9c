import { auditLogContract, InMemoryAuditLog, type AuditLogSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { ensureOrganization, ensureUser } from './support/seed.js';

const runContract = (label: string, subject: () => AuditLogSubject): void => registerContract('AuditLog', auditLogContract, label, subject);

const inMemory: AuditLogSubject = { auditLog: new InMemoryAuditLog(), prepare: async () => undefined };
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    auditLog: backend.persistence().auditLog,
    prepare: async (organizationId, actorUserId) => {
      await ensureOrganization(backend.persistence(), organizationId);
      if (actorUserId !== null) await ensureUser(backend.persistence(), actorUserId);
    },
  })),
);
