#!/usr/bin/env node
import { parseCliArgs, type CliOptions } from './cli-args.js';
import { startIdpEmulator } from './start-idp-emulator.js';
import type { EmulatorLogger } from './support/logger.js';

const stderrLogger: EmulatorLogger = {
  info: (obj, msg) => void process.stderr.write(`${JSON.stringify({ level: 'info', msg, ...obj })}\n`),
  warn: (obj, msg) => void process.stderr.write(`${JSON.stringify({ level: 'warn', msg, ...obj })}\n`),
};

const fail = (message: string, code: number): never => {
  process.stderr.write(`idp emulator: ${message}\n`);
  process.exit(code);
};

let options: CliOptions | undefined;
try {
  options = parseCliArgs(process.argv.slice(2), process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), 2);
}

const run = async (opts: CliOptions): Promise<void> => {
  const emulator = await startIdpEmulator({
    port: opts.port,
    timeScale: opts.timeScale,
    ...(opts.secretKey === undefined ? {} : { secretKey: opts.secretKey }),
    ...(opts.publishableKey === undefined ? {} : { publishableKey: opts.publishableKey }),
    ...(opts.webhookUrl === undefined ? {} : { webhookUrl: opts.webhookUrl }),
    ...(opts.webhookSecret === undefined ? {} : { webhookSecret: opts.webhookSecret }),
    logger: { info: () => undefined, warn: stderrLogger.warn },
  });
  const lines = [
    opts.secretKey === undefined ? `IDP_SECRET_KEY=${emulator.secretKey}` : undefined,
    `IDP_PUBLISHABLE_KEY=${emulator.publishableKey}`,
    opts.webhookSecret === undefined ? `IDP_WEBHOOK_SECRET=${emulator.webhookSecret}` : undefined,
    `IDP_API_URL=${emulator.url}`,
    `idp emulator listening on ${emulator.url}`,
  ];
  process.stdout.write(`${lines.filter((l) => l !== undefined).join('\n')}\n`);
  const shutdown = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
};

if (options !== undefined) {
  run(options).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
}
