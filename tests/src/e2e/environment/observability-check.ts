import { startVendorStandIn, type VendorStandIn } from '@idv/adapters-observability/testing';

/** What the observability check found after the e2e suite: its figures, and one line per broken rule. */
export interface ObservabilityReport {
  readonly figures: string;
  readonly problems: readonly string[];
}

/** Stand-ins for Sentry and PostHog, and the metrics token, for the e2e service. */
export interface ObservabilityStandIns {
  /** The service's variables that point it at the stand-ins and turn `/metrics` on. */
  readonly env: Readonly<Record<string, string>>;
  /** Reads `/metrics` (call it after the suite, before the service stops). */
  scrape(serviceUrl: string): Promise<string>;
  /**
   * Checks what the stand-ins received once the service has stopped (its shutdown flushed them):
   * the E2E user's sign-up reached PostHog, every metric family counted something, and no token,
   * secret, password, email or national ID reached either vendor.
   */
  check(metrics: string, expected: { readonly signedUpUserId: string; readonly secrets: readonly string[] }): ObservabilityReport;
  close(): Promise<void>;
}

const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef0123';

// Any JWT, provider key, webhook secret or email address is a leak, whichever spec produced it.
const LEAK_PATTERNS: readonly [string, RegExp][] = [
  ['a JWT', /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\./],
  ['a provider key', /\b(sk|pk)_(test|live)_[A-Za-z0-9]/],
  ['a webhook secret', /whsec_[A-Za-z0-9+/]/],
  ['an email address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/],
];

// Each metrics family and the sample that proves it counted something.
const FAMILIES: readonly [string, RegExp][] = [
  ['http requests', /^idv_http_request_duration_seconds_count\{[^}]*route="\/users\/me"[^}]*\} [1-9]/m],
  ['webhook events', /^idv_webhook_events_total\{event_type="user\.created",outcome="processed"\} [1-9]/m],
  ['token verification failures', /^idv_token_verification_failures_total\{[^}]*\} [1-9]/m],
  ['JWKS fetches', /^idv_jwks_fetches_total\{outcome="ok"\} [1-9]/m],
  ['provider admin calls', /^idv_provider_request_duration_seconds_count\{[^}]*\} [1-9]/m],
  ['database statements', /^idv_db_query_duration_seconds_count\{[^}]*\} [1-9]/m],
  ['database pool', /^idv_db_pool_connections\{[^}]*state="total"\} [1-9]/m],
  ['process', /^process_cpu_user_seconds_total [0-9.e-]*[1-9]/m],
];

const counted = (metrics: string, name: string): number =>
  metrics
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);

/** Starts the stand-ins on ephemeral loopback ports. */
export const startObservabilityStandIns = async (): Promise<ObservabilityStandIns> => {
  const [sentry, posthog]: VendorStandIn[] = await Promise.all([startVendorStandIn(), startVendorStandIn()]);
  return {
    env: { SENTRY_DSN: sentry!.sentryDsn, POSTHOG_API_KEY: 'phc_e2e_stand_in', POSTHOG_HOST: posthog!.url, METRICS_TOKEN },
    scrape: async (serviceUrl) => {
      const response = await fetch(`${serviceUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
      return response.text();
    },
    check: (metrics, expected) => {
      const problems: string[] = [];
      for (const [family, sample] of FAMILIES) if (!sample.test(metrics)) problems.push(`/metrics: no non-zero ${family} counter`);
      const events = posthog!.postHogEvents();
      if (!events.some((event) => event.event === 'user_signed_up' && event.distinct_id === expected.signedUpUserId)) {
        problems.push(`PostHog: no user_signed_up for ${expected.signedUpUserId}`);
      }
      for (const event of sentry!.sentryEvents()) {
        if (event.user !== undefined && Object.keys(event.user).some((key) => key !== 'id'))
          problems.push('Sentry: an event carries more of the user than its id');
      }
      for (const [vendor, received] of [
        ['Sentry', sentry!.text()],
        ['PostHog', posthog!.text()],
      ] as const) {
        for (const [what, pattern] of LEAK_PATTERNS) if (pattern.test(received)) problems.push(`${vendor}: received ${what}`);
        for (const secret of expected.secrets) if (received.includes(secret)) problems.push(`${vendor}: received a secret of the run`);
      }
      const figures = [
        `${events.length} PostHog events (${events.filter((event) => event.event === 'user_signed_up').length} user_signed_up)`,
        `${sentry!.sentryEvents().length} Sentry events`,
        `${counted(metrics, 'idv_http_request_duration_seconds_count')} requests`,
        `${counted(metrics, 'idv_webhook_events_total')} webhook deliveries`,
        `${counted(metrics, 'idv_token_verification_failures_total')} token failures`,
        `${counted(metrics, 'idv_jwks_fetches_total')} JWKS fetches`,
        `${counted(metrics, 'idv_provider_request_duration_seconds_count')} provider calls`,
        `${counted(metrics, 'idv_db_query_duration_seconds_count')} statements`,
      ].join(', ');
      return { figures, problems };
    },
    close: async () => {
      await Promise.all([sentry!.close(), posthog!.close()]);
    },
  };
};
