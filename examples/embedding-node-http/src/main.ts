import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpProblem, sendJson, sendProblem } from './http.js';
import { createPorts, type ProviderSettings } from './ports.js';
import { createService } from './service.js';

// An embedding team's process: its own config, its own HTTP server (node:http), the core's use cases.
const required = (name: string): string => {
  const value = process.env[name]?.trim();
  if (value === undefined || value === '') {
    process.stderr.write(`Cannot start: ${name} is required\n`);
    process.exit(1);
  }
  return value;
};

const provider: ProviderSettings = {
  apiUrl: required('IDP_API_URL'),
  secretKey: required('IDP_SECRET_KEY'),
  publishableKey: required('IDP_PUBLISHABLE_KEY'),
  webhookSecret: required('IDP_WEBHOOK_SECRET'),
};
const ports = createPorts(provider);
const service = createService(ports);

const server = createServer((request, response) => {
  service.route(request, response).catch((error: unknown) => {
    if (error instanceof HttpProblem) return sendProblem(response, error);
    ports.errorTracker.captureException(error, { route: request.url });
    sendJson(response, 500, { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error', code: 'InternalError' });
  });
});
server.listen(Number(process.env['PORT'] ?? 3000), '127.0.0.1', () => {
  process.stdout.write(`example listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
