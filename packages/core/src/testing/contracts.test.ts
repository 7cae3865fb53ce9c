import test from 'ava';
import { agreementRenditionsContract, inMemoryAgreementRenditionsSubject } from './agreement-renditions.contract.js';
import { auditLogContract } from './audit-log.contract.js';
import { callersContract, inMemoryCallersSubject } from './callers.contract.js';
import { devicesContract, inMemoryDevicesSubject } from './devices.contract.js';
import { InMemoryDevices } from './in-memory-devices.js';
import { InMemoryAuditLog } from './in-memory-audit-log.js';
import { InMemoryInvitations } from './in-memory-invitations.js';
import { InMemoryNationalIds } from './in-memory-national-ids.js';
import { InMemoryOrganizations } from './in-memory-organizations.js';
import { InMemoryUsers } from './in-memory-users.js';
import { invitationsContract } from './invitations.contract.js';
import { eventsContract } from './events.contract.js';
import { inMemoryEventStores } from './in-memory-event-deliveries.js';
import { inMemoryMembershipsSubject, membershipsContract } from './memberships.contract.js';
import { nationalIdsContract } from './national-ids.contract.js';
import { organizationsContract } from './organizations.contract.js';
import { InMemoryPlans } from './in-memory-plans.js';
import { plansContract } from './plans.contract.js';
import { InMemoryIdempotencyRecords } from './in-memory-idempotency-records.js';
import { idempotencyRecordsContract } from './idempotency-records.contract.js';
import { InMemoryPurchases } from './in-memory-purchases.js';
import { purchasesContract } from './purchases.contract.js';
import type { ContractCase } from './users.contract.js';
import { usersContract } from './users.contract.js';

const register = <S>(port: string, cases: readonly ContractCase<S>[], subject: S): void => {
  for (const contractCase of cases) {
    test(`${port} contract on the in-memory fake: ${contractCase.name}`, async (t) => {
      await contractCase.run(subject);
      t.pass();
    });
  }
};

register('Users', usersContract, new InMemoryUsers());
register('Memberships', membershipsContract, inMemoryMembershipsSubject());
register('Callers', callersContract, inMemoryCallersSubject());
register('Organizations', organizationsContract, new InMemoryOrganizations());
register('Plans', plansContract, { plans: new InMemoryPlans(), prepare: async () => undefined });
register('IdempotencyRecords', idempotencyRecordsContract, new InMemoryIdempotencyRecords());
register('AgreementRenditions', agreementRenditionsContract, inMemoryAgreementRenditionsSubject());
register('Purchases', purchasesContract, { purchases: new InMemoryPurchases(), prepare: async () => undefined });
register('Invitations', invitationsContract, { invitations: new InMemoryInvitations(), prepare: async () => undefined });
register('AuditLog', auditLogContract, { auditLog: new InMemoryAuditLog(), prepare: async () => undefined });
register('NationalIds', nationalIdsContract, { nationalIds: new InMemoryNationalIds(), prepare: async () => undefined });
register(
  'Devices',
  devicesContract,
  inMemoryDevicesSubject((ownerOf) => new InMemoryDevices(ownerOf)),
);
register('Events', eventsContract, {
  ...inMemoryEventStores(),
  prepare: async () => undefined,
});
