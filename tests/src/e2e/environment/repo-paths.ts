import { fileURLToPath } from 'node:url';

// This file compiles to tests/dist/e2e/environment/, four levels below the repository root.
const fromRoot = (path: string): string => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

/** The compiled emulator CLI and service entry point the end-to-end environment runs (and the scripts of `npm run demo`, `npm run sync:users`, `npm run national-ids:reseal` and `npm run db:migrate`). */
export const ENTRY_POINTS = {
  emulatorCli: fromRoot('packages/idp-emulator/dist/cli.js'),
  service: fromRoot('apps/server/dist/main.js'),
  demo: fromRoot('apps/server/dist/demo.js'),
  syncUsers: fromRoot('apps/server/dist/sync-users.js'),
  resealNationalIds: fromRoot('apps/server/dist/reseal-national-ids.js'),
  migrate: fromRoot('apps/server/dist/migrate.js'),
  jobs: fromRoot('apps/server/dist/jobs-cli.js'),
} as const;
