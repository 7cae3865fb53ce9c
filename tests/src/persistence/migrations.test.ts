import { migrationNames } from '@idv/adapters-persistence';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

forEachBackend(
  (backend) => {
    test.serial(`${backend.label}: a fresh database migrates to the latest schema`, async (t) => {
      const applied = await backend.persistence().migrate();
      t.deepEqual(applied, await migrationNames());
    });

    test.serial(`${backend.label}: migrating again is a no-op`, async (t) => {
      t.deepEqual(await backend.persistence().migrate(), []);
    });

    test.serial(`${backend.label}: after migrating, the entities and the schema match (empty diff)`, async (t) => {
      const diff = await backend.persistence().orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
      t.is(diff.trim(), '');
    });
  },
  { migrate: false },
);
