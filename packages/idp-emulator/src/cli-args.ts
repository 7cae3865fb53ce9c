import { parseArgs } from 'node:util';

/** The CLI's decoded options. */
export interface CliOptions {
  readonly port: number;
  readonly secretKey: string | undefined;
  readonly publishableKey: string | undefined;
  readonly webhookUrl: string | undefined;
  readonly webhookSecret: string | undefined;
  /** Multiplies the webhook retry schedule (e.g. 0.001 for end-to-end tests); default 1. */
  readonly timeScale: number;
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

/** Decodes argv (options win over the environment); throws an Error with a one-line message on bad input. */
export const parseCliArgs = (argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions => {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      'secret-key': { type: 'string' },
      'publishable-key': { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string' },
      'time-scale': { type: 'string' },
    },
  });
  const rawPort = nonEmpty(values.port) ?? nonEmpty(env['IDP_EMULATOR_PORT']) ?? '4010';
  const port = /^\d+$/.test(rawPort) ? Number(rawPort) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${rawPort}": expected an integer 0-65535`);
  const webhookUrl = nonEmpty(values['webhook-url']) ?? nonEmpty(env['IDP_EMULATOR_WEBHOOK_URL']);
  if (webhookUrl !== undefined && !URL.canParse(webhookUrl)) throw new Error(`invalid webhook URL "${webhookUrl}"`);
  const rawScale = nonEmpty(values['time-scale']) ?? nonEmpty(env['IDP_EMULATOR_TIME_SCALE']) ?? '1';
  const timeScale = /^\d+(\.\d+)?(e-?\d+)?$/i.test(rawScale) ? Number(rawScale) : NaN;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new Error(`invalid time scale "${rawScale}": expected a positive number`);
  return {
    port,
    timeScale,
    secretKey: nonEmpty(values['secret-key']) ?? nonEmpty(env['IDP_SECRET_KEY']),
    publishableKey: nonEmpty(values['publishable-key']) ?? nonEmpty(env['IDP_PUBLISHABLE_KEY']),
    webhookUrl,
    webhookSecret: nonEmpty(values['webhook-secret']) ?? nonEmpty(env['IDP_WEBHOOK_SECRET']),
  };
};
