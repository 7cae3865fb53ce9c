import { InMemoryInvitations, invitationsContract, type InvitationsSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { prepareInvitation } from './support/seed.js';

const runContract = (label: string, subject: () => InvitationsSubject): void =>
  registerContract('Invitations', invitationsContract, label, subject);

const inMemory: InvitationsSubject = { invitations: new InMemoryInvitations(), prepare: async () => undefined };
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    invitations: backend.persistence().invitations,
    prepare: (invitation) => prepareInvitation(backend.persistence(), invitation),
  })),
);
