import * as E from 'fp-ts/lib/Either.js';
import { absurd } from 'fp-ts/lib/function.js';
import { buildContainer } from './container/build-container.js';
import { openJobs } from './open-database.js';
import { TOKENS } from './container/tokens.js';
import { runMaintenanceScript } from './scripts/run-script.js';
import { SYNC_PHASE_LABELS } from './sync/progress-reporter.js';
import { summaryLine } from './sync/summary-line.js';

// `npm run sync:users`: reconciles the local users with the provider's admin API once,
// with a progress bar on a terminal (plain lines otherwise) on stderr and the summary on stdout.
await runMaintenanceScript({
  verb: 'sync',
  failedAs: 'Sync failed',
  stopsAfter: 'the current page',
  phases: SYNC_PHASE_LABELS,
  refusal: (config) =>
    config.idp.mode === 'external'
      ? []
      : [
          'Cannot sync: no provider is configured (IDP_API_URL, IDP_SECRET_KEY, IDP_PUBLISHABLE_KEY, IDP_WEBHOOK_SECRET).',
          '  In development the emulator lives inside the running service: set SYNC_INTERVAL_MINUTES there instead.',
        ],
  run: async ({ config, logger, persistence, observability, onProgress, stopRequested }) => {
    if (config.idp.mode !== 'external') throw new Error('no provider is configured');
    // Jobs the sync enqueues are run by the service's workers; this script only writes them.
    const jobs = await openJobs(persistence, config.jobs, logger, { maintain: false });
    try {
      const container = buildContainer({ config, logger, persistence, jobs, idp: config.idp, observability });
      const result = await container.get(TOKENS.IdentityArea).syncUsers({ onProgress, stopRequested })();
      // The use case has no Left: its failures are defects, thrown.
      return E.isRight(result) ? summaryLine(result.right) : absurd(result.left);
    } finally {
      await jobs.stop();
    }
  },
});
