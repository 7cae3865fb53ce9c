import { devicesContract, InMemoryDevices, inMemoryDevicesSubject, type DevicesSubject } from '@idv/core/testing';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';

// The Devices port's contract on the fake, PGlite and PostgreSQL.
const runContract = (label: string, subject: () => DevicesSubject): void => registerContract('Devices', devicesContract, label, subject);

const inMemory = inMemoryDevicesSubject((ownerOf) => new InMemoryDevices(ownerOf));
runContract('the in-memory fake', () => inMemory);
forEachBackend((backend) =>
  runContract(backend.label, () => ({
    devices: backend.persistence().devices,
    prepare: async (userId, owner = {}) => {
      await backend
        .persistence()
        .orm.em.execute('insert into "users" ("id", "idp_id", "locale", "deleted_at") values (?, ?, ?, ?) on conflict do nothing', [
          userId,
          `user_dev${userId.replaceAll('-', '')}`,
          owner.locale ?? null,
          owner.deleted === true ? new Date('2026-06-01T00:00:00.000Z') : null,
        ]);
    },
  })),
);
