import { JobSchemaNotReady } from '@idv/adapters-jobs';
import { ConfigError } from './config/config-error.js';
import { LogLevel } from './config/env-codecs.js';
import { DatabaseUnavailableError } from './database-unavailable-error.js';
import { devBanner } from './dev-banner.js';
import { createLogger } from './observability/create-logger.js';
import { startServer } from './start-server.js';

// Process entry point: `npm start`. Exits 1 with one line per problem on a bad configuration.
// The logger of start-up itself exists before the configuration is decoded: a LOG_LEVEL that is not a
// level leaves it at info, and the decoding then reports the variable like any other.
const requestedLevel = process.env['LOG_LEVEL'];
const fallbackLogger = createLogger(LogLevel.is(requestedLevel) ? requestedLevel : 'info');
process.on('unhandledRejection', (reason) => {
  fallbackLogger.error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
});

try {
  const server = await startServer(process.env);
  process.stdout.write(devBanner(server));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    fallbackLogger.info({ signal }, 'shutting down');
    try {
      // In-flight requests get their answers, queued analytics and error reports go out, then the pool closes.
      await server.close();
      process.exit(0);
    } catch (error) {
      fallbackLogger.error({ err: error instanceof Error ? error.message : String(error) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  const code = (error as { code?: unknown }).code;
  if (error instanceof ConfigError) {
    process.stderr.write(`Cannot start: invalid configuration\n${error.problems.map((line) => `  ${line}`).join('\n')}\n`);
  } else if (error instanceof DatabaseUnavailableError) {
    process.stderr.write(`Cannot start: ${error.advice}\n`);
  } else if (error instanceof JobSchemaNotReady) {
    process.stderr.write(`Cannot start: ${error.message}\n`);
  } else if (code === 'EADDRINUSE') {
    const port = (error as { port?: unknown }).port;
    process.stderr.write(
      `Cannot start: port ${String(port)} is already in use. Choose another with PORT (the service), IDP_EMULATOR_PORT or PAYMENTS_EMULATOR_PORT (the development emulators).\n`,
    );
  } else {
    fallbackLogger.fatal(
      { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
      'start-up failed',
    );
  }
  process.exit(1);
}
