import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running stand-in for the provider's admin API. */
export interface ProviderStub {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The provider's admin API as far as start-up needs it (`IDP_API_URL`): every path answers the
 * provider's 404 error body. The hot paths never call it (tokens verify against `IDP_JWT_KEY`).
 */
export const startProviderStub = async (): Promise<ProviderStub> => {
  const server = createServer((_request, response) => {
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ errors: [{ message: 'not found', long_message: 'Not found', code: 'resource_not_found' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
