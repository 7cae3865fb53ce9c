import { developmentOnlyRefusal, type Deployment } from './deployment.js';

/** `TURNSTILE_ACTION` when unset: the widget on the purchase form. */
export const DEFAULT_TURNSTILE_ACTION = 'purchase';

/** Which bot check stands in front of the public purchase. */
export type BotCheckConfig =
  /** None: purchases need no token. */
  | { readonly kind: 'off' }
  /** `BOT_CHECK_LOCAL=true` (development and tests): single-use tokens issued by this process. */
  | { readonly kind: 'local' }
  /** `TURNSTILE_SECRET_KEY` set: Cloudflare Turnstile, its hostname and action checked. */
  | {
      readonly kind: 'turnstile';
      readonly secretKey: string;
      readonly hostnames: readonly string[];
      readonly action: string;
      /** `TURNSTILE_SITEVERIFY_URL`: absent for Cloudflare's own. */
      readonly siteverifyUrl?: string;
    };

/** The variables `botCheckConfig` reads, already decoded. */
export interface BotCheckEnv {
  readonly TURNSTILE_SECRET_KEY?: string;
  readonly TURNSTILE_HOSTNAMES?: readonly string[];
  readonly TURNSTILE_ACTION?: string;
  readonly TURNSTILE_SITEVERIFY_URL?: string;
  readonly BOT_CHECK_LOCAL?: boolean;
}

/**
 * The bot check from the decoded environment, and one line per problem: the local stand-in is refused
 * in production and beside a Turnstile key (one check at a time), and a key needs its hostnames.
 *
 * @example
 * botCheckConfig({ TURNSTILE_SECRET_KEY: '0x4…', TURNSTILE_HOSTNAMES: ['gym.example'] }, deployment).botCheck;
 * // { kind: 'turnstile', secretKey: '0x4…', hostnames: ['gym.example'], action: 'purchase' }
 */
export const botCheckConfig = (
  env: BotCheckEnv,
  deployment: Deployment,
): { readonly botCheck: BotCheckConfig; readonly problems: readonly string[] } => {
  const problems: string[] = [];
  const refusal = developmentOnlyRefusal(deployment);
  const local = env.BOT_CHECK_LOCAL === true;
  if (local && refusal !== undefined) problems.push(`BOT_CHECK_LOCAL: must not be true ${refusal} (development and tests only)`);
  if (local && env.TURNSTILE_SECRET_KEY !== undefined)
    problems.push('BOT_CHECK_LOCAL: must not be true together with TURNSTILE_SECRET_KEY (one bot check at a time)');
  if (env.TURNSTILE_SECRET_KEY !== undefined && env.TURNSTILE_HOSTNAMES === undefined)
    problems.push('TURNSTILE_HOSTNAMES: required once TURNSTILE_SECRET_KEY is set, got undefined (missing)');
  const others = [env.TURNSTILE_HOSTNAMES, env.TURNSTILE_ACTION, env.TURNSTILE_SITEVERIFY_URL];
  if (env.TURNSTILE_SECRET_KEY === undefined && others.some((value) => value !== undefined))
    problems.push('TURNSTILE_SECRET_KEY: required once another TURNSTILE_ setting is set, got undefined (missing)');
  if (env.TURNSTILE_SECRET_KEY !== undefined && env.TURNSTILE_HOSTNAMES !== undefined)
    return {
      problems,
      botCheck: {
        kind: 'turnstile',
        secretKey: env.TURNSTILE_SECRET_KEY,
        hostnames: env.TURNSTILE_HOSTNAMES,
        action: env.TURNSTILE_ACTION ?? DEFAULT_TURNSTILE_ACTION,
        ...(env.TURNSTILE_SITEVERIFY_URL === undefined ? {} : { siteverifyUrl: env.TURNSTILE_SITEVERIFY_URL }),
      },
    };
  return { problems, botCheck: local ? { kind: 'local' } : { kind: 'off' } };
};
