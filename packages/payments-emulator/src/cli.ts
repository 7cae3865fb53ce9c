#!/usr/bin/env node
import { parseCliArgs, type CliOptions } from './cli-args.js';
import { startPaymentsEmulator } from './start-payments-emulator.js';

const fail = (message: string, code: number): never => {
  process.stderr.write(`payments emulator: ${message}\n`);
  process.exit(code);
};

let options: CliOptions | undefined;
try {
  options = parseCliArgs(process.argv.slice(2), process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), 2);
}

const run = async (opts: CliOptions): Promise<void> => {
  const emulator = await startPaymentsEmulator({
    port: opts.port,
    timeScale: opts.timeScale,
    iyzico: opts.iyzico,
    paytr: opts.paytr,
    ...(opts.serviceUrl === undefined ? {} : { serviceUrl: opts.serviceUrl }),
  });
  // The service's configuration for this emulator, ready to paste into its environment.
  const lines = [
    'PAYMENTS_PROVIDERS=iyzico,paytr',
    `IYZICO_BASE_URL=${emulator.url}`,
    `IYZICO_API_KEY=${emulator.iyzico.apiKey}`,
    `IYZICO_SECRET_KEY=${emulator.iyzico.secretKey}`,
    `IYZICO_MERCHANT_ID=${emulator.iyzico.merchantId}`,
    `PAYTR_BASE_URL=${emulator.url}`,
    `PAYTR_MERCHANT_ID=${emulator.paytr.merchantId}`,
    `PAYTR_MERCHANT_KEY=${emulator.paytr.merchantKey}`,
    `PAYTR_MERCHANT_SALT=${emulator.paytr.merchantSalt}`,
    opts.serviceUrl === undefined
      ? '# no --service-url: callbacks are not sent until PUT /_emulator/targets names them'
      : `# callbacks go to ${opts.serviceUrl}/payments/callbacks/…`,
    `payments emulator listening on ${emulator.url}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const shutdown = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
};

if (options !== undefined) {
  run(options).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
}
