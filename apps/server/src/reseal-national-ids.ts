import * as E from 'fp-ts/lib/Either.js';
import { absurd } from 'fp-ts/lib/function.js';
import type { ResealSummary } from '@idv/core';
import { buildResealContainer } from './container/reseal-container.js';
import { TOKENS } from './container/tokens.js';
import { runMaintenanceScript } from './scripts/run-script.js';
import { RESEAL_PHASE_LABELS } from './sync/progress-reporter.js';

/** `resealed 40, already current 2, not this user's 0`, as `npm run national-ids:reseal` ends. */
const resealSummaryLine = (summary: ResealSummary): string =>
  `resealed ${summary.resealed}, already current ${summary.alreadyCurrent}, not this user's ${summary.notThisUsers}` +
  (summary.stopped ? ' (stopped before the end)' : '');

// `npm run national-ids:reseal`: re-encrypts every stored national ID under NATIONAL_ID_ENCRYPTION_KEY,
// bound to its user, so the keys in NATIONAL_ID_DECRYPTION_KEYS may be dropped afterwards.
await runMaintenanceScript({
  verb: 'reseal',
  failedAs: 'Reseal failed',
  stopsAfter: 'the current batch',
  phases: RESEAL_PHASE_LABELS,
  // A generated key would seal every row under a key that no server knows.
  refusal: (_config, env) =>
    (env['NATIONAL_ID_ENCRYPTION_KEY'] ?? '') === ''
      ? [
          'Cannot reseal: NATIONAL_ID_ENCRYPTION_KEY is not set (give the key the service seals with, and the previous ones in NATIONAL_ID_DECRYPTION_KEYS).',
        ]
      : [],
  run: async ({ config, logger, persistence, observability, onProgress, stopRequested }) => {
    const reseal = buildResealContainer({ config, logger, persistence, observability }).get(TOKENS.ResealNationalIds);
    const result = await reseal({ onProgress, stopRequested })();
    // The use case has no Left: its failures (a key missing, a tampered row) are defects, thrown.
    return E.isRight(result) ? resealSummaryLine(result.right) : absurd(result.left);
  },
});
