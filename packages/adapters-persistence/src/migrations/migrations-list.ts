import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122005804_initial } from './20261122005804-initial.js';

/** Every migration, oldest first. Register each generated class here: there is no glob discovery. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122005804_initial', class: Migration20261122005804_initial },
];
