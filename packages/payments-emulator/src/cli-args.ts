import { parseArgs } from 'node:util';

/** The CLI's decoded options (each also read from the environment; options win). */
export interface CliOptions {
  readonly port: number;
  readonly serviceUrl: string | undefined;
  readonly timeScale: number;
  readonly iyzico: { readonly apiKey?: string; readonly secretKey?: string; readonly merchantId?: string };
  readonly paytr: { readonly merchantId?: string; readonly merchantKey?: string; readonly merchantSalt?: string };
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());

const defined = <T extends Record<string, string | undefined>>(values: T): { [K in keyof T]?: string } =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: string };

/**
 * Decodes argv: `--port` (`PAYMENTS_EMULATOR_PORT`, default 4020), `--service-url`
 * (`PAYMENTS_EMULATOR_SERVICE_URL`: where callbacks go), `--time-scale`
 * (`PAYMENTS_EMULATOR_TIME_SCALE`); credentials from `IYZICO_API_KEY`, `IYZICO_SECRET_KEY`,
 * `IYZICO_MERCHANT_ID`, `PAYTR_MERCHANT_ID`, `PAYTR_MERCHANT_KEY`, `PAYTR_MERCHANT_SALT` (generated
 * when absent). Throws an Error with a one-line message on bad input.
 */
export const parseCliArgs = (argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliOptions => {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: { port: { type: 'string' }, 'service-url': { type: 'string' }, 'time-scale': { type: 'string' } },
  });
  const rawPort = nonEmpty(values.port) ?? nonEmpty(env['PAYMENTS_EMULATOR_PORT']) ?? '4020';
  const port = /^\d+$/.test(rawPort) ? Number(rawPort) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port "${rawPort}": expected an integer 0-65535`);
  const serviceUrl = nonEmpty(values['service-url']) ?? nonEmpty(env['PAYMENTS_EMULATOR_SERVICE_URL']);
  if (serviceUrl !== undefined && !/^https?:\/\//.test(serviceUrl))
    throw new Error(`invalid service URL "${serviceUrl}": expected http(s)://…`);
  const rawScale = nonEmpty(values['time-scale']) ?? nonEmpty(env['PAYMENTS_EMULATOR_TIME_SCALE']) ?? '1';
  const timeScale = /^\d+(\.\d+)?(e-?\d+)?$/i.test(rawScale) ? Number(rawScale) : NaN;
  if (!(timeScale > 0) || !Number.isFinite(timeScale)) throw new Error(`invalid time scale "${rawScale}": expected a positive number`);
  return {
    port,
    serviceUrl: serviceUrl?.replace(/\/+$/, ''),
    timeScale,
    iyzico: defined({
      apiKey: nonEmpty(env['IYZICO_API_KEY']),
      secretKey: nonEmpty(env['IYZICO_SECRET_KEY']),
      merchantId: nonEmpty(env['IYZICO_MERCHANT_ID']),
    }),
    paytr: defined({
      merchantId: nonEmpty(env['PAYTR_MERCHANT_ID']),
      merchantKey: nonEmpty(env['PAYTR_MERCHANT_KEY']),
      merchantSalt: nonEmpty(env['PAYTR_MERCHANT_SALT']),
    }),
  };
};
