import { isIP } from 'node:net';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';

const refine = <A>(name: string, message: string, parse: (s: string) => A | undefined) =>
  new t.Type<A, string, unknown>(
    name,
    (u): u is A => parse(String(u)) !== undefined,
    (input, context) =>
      pipe(
        t.string.validate(input, context),
        E.chain((s) => {
          const value = parse(s.trim());
          return value === undefined ? t.failure(input, context, message) : t.success(value);
        }),
      ),
    String,
  );

/** A whole number from `min` to `max` (of `unit`, when given), as the message names it. */
const wholeNumber = (name: string, min: number, max: number, unit?: string) => {
  const digits = new RegExp(`^[0-9]{1,${String(max).length}}$`);
  return refine(name, `expected a whole number${unit === undefined ? '' : ` of ${unit}`} from ${min} to ${max}`, (s) =>
    digits.test(s) && Number(s) >= min && Number(s) <= max ? Number(s) : undefined,
  );
};

/** A TCP port, 0-65535 (0 asks the OS for a free one). */
export const Port = refine('Port', 'expected a port number (0-65535)', (s) =>
  /^\d{1,5}$/.test(s) && Number(s) <= 65535 ? Number(s) : undefined,
);

/** `true`/`false` (also `1`/`0`). */
export const BooleanFlag = refine(
  'BooleanFlag',
  'expected true or false',
  (s) => ({ true: true, '1': true, false: false, '0': false })[s.toLowerCase()],
);

/** An http(s) URL, without a trailing slash. */
export const HttpUrl = refine('HttpUrl', 'expected an http(s) URL', (s) => {
  try {
    const url = new URL(s);
    return url.protocol === 'http:' || url.protocol === 'https:' ? s.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
});

/** A PostgreSQL connection URL. */
export const PostgresUrl = refine('PostgresUrl', 'expected a postgres:// or postgresql:// URL', (s) =>
  /^postgres(ql)?:\/\/\S+$/.test(s) ? s : undefined,
);

/** A non-empty string. */
export const NonEmpty = refine('NonEmpty', 'expected a non-empty value', (s) => (s.length > 0 ? s : undefined));

/** The provider's secret key, `sk_test_…` or `sk_live_…`. */
export const SecretKey = refine('SecretKey', 'expected a secret key (sk_test_… or sk_live_…)', (s) =>
  /^sk_(test|live)_\S+$/.test(s) ? s : undefined,
);

/** The provider's publishable key, `pk_test_…` or `pk_live_…`. */
export const PublishableKey = refine('PublishableKey', 'expected a publishable key (pk_test_… or pk_live_…)', (s) =>
  /^pk_(test|live)_[A-Za-z0-9+/]+={0,2}$/.test(s) ? s : undefined,
);

/** A webhook signing secret, `whsec_` + base64 (checked in depth by the verifier). */
export const WebhookSecret = refine('WebhookSecret', 'expected a webhook secret (whsec_ followed by base64)', (s) =>
  /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(s) ? s : undefined,
);

/** A secret of at least 32 characters. */
export const LongSecret = refine('LongSecret', 'expected a secret of at least 32 characters', (s) => (s.length >= 32 ? s : undefined));

/** A comma-separated list of secrets, each of at least 32 characters (e.g. retired keys kept for decryption). */
export const LongSecretList = refine('LongSecretList', 'expected comma-separated secrets of at least 32 characters each', (s) => {
  const secrets = s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return secrets.length > 0 && secrets.every((secret) => secret.length >= 32) ? secrets : undefined;
});

/** A Redis URL, `redis://` or `rediss://` (TLS). */
export const RedisUrl = refine('RedisUrl', 'expected a redis:// or rediss:// URL', (s) => {
  try {
    const url = new URL(s);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '' ? s : undefined;
  } catch {
    return undefined;
  }
});

/** A whole number from 1 to 1,000,000 (a rate limit's points or window). */
export const PositiveCount = wholeNumber('PositiveCount', 1, 1_000_000);

/** A whole number from 0 to 10 (proxies in front of the service). */
export const ProxyHops = wholeNumber('ProxyHops', 0, 10);

/** A Redis key prefix: letters, digits and `:_.-`, up to 100 characters. */
export const KeyPrefix = refine('KeyPrefix', 'expected letters, digits or :_.- (up to 100)', (s) =>
  /^[A-Za-z0-9:_.-]{1,100}$/.test(s) ? s : undefined,
);

/** A whole number of days, 1–365 (`INVITATION_TTL_DAYS`). */
export const Days = wholeNumber('Days', 1, 365, 'days');

/** A whole number of minutes, 1–10080 (a week): how often a periodic job runs. */
export const Minutes = wholeNumber('Minutes', 1, 10_080, 'minutes');

/** Minutes a payer has to pay, 1–1440 (`PAYMENT_PENDING_TTL_MINUTES`). */
export const PendingMinutes = wholeNumber('PendingMinutes', 1, 1440, 'minutes');

/** Seconds between background runs, 1–3600 (`PAYMENT_SWEEP_INTERVAL_SECONDS`). */
export const IntervalSeconds = wholeNumber('IntervalSeconds', 1, 3600, 'seconds');

/** pino levels. */
export const LogLevel = t.keyof({ fatal: null, error: null, warn: null, info: null, debug: null, trace: null, silent: null });

/** `NODE_ENV`. */
export const NodeEnv = t.keyof({ production: null, development: null, test: null });

/** A comma-separated list of origins. */
export const OriginList = refine('OriginList', 'expected comma-separated http(s) origins', (s) => {
  const origins = s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)) ? origins : undefined;
});

/** A provider credential (API key, secret key, merchant key or salt): trimmed, then no whitespace inside. */
export const ProviderSecret = refine('ProviderSecret', 'expected a value without whitespace', (s) => (/^\S+$/.test(s) ? s : undefined));

/** A provider's merchant number (iyzico, PayTR): digits only. */
export const MerchantId = refine('MerchantId', 'expected a merchant id (digits only)', (s) => (/^[0-9]{1,20}$/.test(s) ? s : undefined));

/** `PAYMENTS_PROVIDERS`: comma-separated `iyzico`, `paytr`, without repeats; `none` for none (no emulator in development either). */
export const PaymentProviderList = refine(
  'PaymentProviderList',
  'expected comma-separated payment providers (iyzico, paytr) or none',
  (s) => {
    if (s.trim().toLowerCase() === 'none') return [];
    const names = s
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '');
    return names.length > 0 && names.every((name) => name === 'iyzico' || name === 'paytr')
      ? [...new Set(names as ('iyzico' | 'paytr')[])]
      : undefined;
  },
);

const isCidr = (entry: string): boolean => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/** `PAYMENT_CALLBACK_TRUSTED_CIDRS`: comma-separated addresses or CIDR blocks, IPv4 or IPv6. */
export const CidrList = refine('CidrList', 'expected comma-separated IP addresses or CIDR blocks (e.g. 203.0.113.0/24)', (s) => {
  const entries = s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return entries.length > 0 && entries.every(isCidr) ? entries : undefined;
});

/** A whole number of seconds from 0 to 86 400 (one day). */
export const SecondsUpToADay = wholeNumber('SecondsUpToADay', 0, 86_400, 'seconds');

/** A Sentry DSN: `http(s)://<public key>@<host>/<project id>`. */
export const SentryDsn = refine('SentryDsn', 'expected a Sentry DSN (https://<key>@<host>/<project>)', (s) => {
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username !== '' && /^\/([^/]+\/)*\d+$/.test(url.pathname)
      ? s
      : undefined;
  } catch {
    return undefined;
  }
});

/** Seconds to wait for in-flight work at shutdown: 1–600. */
export const GraceSeconds = wholeNumber('GraceSeconds', 1, 600, 'seconds');

/** A factor above 0 and at most 1 (`WEBHOOK_RETRY_SCHEDULE_SCALE`: 0.001 turns 10 h into 36 s). */
export const ScaleFactor = refine('ScaleFactor', 'expected a number above 0 and at most 1 (e.g. 0.001)', (s) =>
  /^(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/.test(s) && Number(s) > 0 && Number(s) <= 1 ? Number(s) : undefined,
);

/** Jobs of one queue running at once per process, 1–100 (`JOBS_WORKERS`). */
export const WorkerCount = wholeNumber('WorkerCount', 1, 100);

/** Retries after a job's first attempt, 0–100 (`JOBS_RETRY_LIMIT`). */
export const RetryLimit = wholeNumber('RetryLimit', 0, 100);

/** Seconds between an idle worker's polls, 0.5–600 (`JOBS_POLL_INTERVAL_SECONDS`; pg-boss polls at most every 0.5 s). */
export const PollSeconds = refine('PollSeconds', 'expected a number of seconds from 0.5 to 600', (s) =>
  /^(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/.test(s) && Number(s) >= 0.5 && Number(s) <= 600 ? Number(s) : undefined,
);

/** `TURNSTILE_HOSTNAMES`: comma-separated hostnames (no scheme, no port), lower case. */
export const HostnameList = refine('HostnameList', 'expected comma-separated hostnames (gym.example, www.gym.example)', (s) => {
  const hostnames = s
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const valid = (name: string) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name);
  return hostnames.length > 0 && hostnames.every(valid) ? hostnames : undefined;
});

/** `TURNSTILE_ACTION`: a Turnstile widget action, up to 32 letters, digits, `_` or `-`. */
export const TurnstileAction = refine('TurnstileAction', 'expected up to 32 letters, digits, _ or -', (s) =>
  /^[A-Za-z0-9_-]{1,32}$/.test(s) ? s : undefined,
);
