import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededIdpIdOfEmail, seededUserJson } from './deliveries.js';

/** A running stand-in for the provider's admin API. */
export interface ProviderStub {
  readonly url: string;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify({ errors: [{ message: 'not found', long_message: 'Not found', code: 'resource_not_found' }] });

/**
 * The provider's admin API as far as the bench needs it (`IDP_API_URL`). `GET /v1/users?email_address=`
 * answers the provider's user list: the seeded user with that address, exactly as its `user.created`
 * delivery described it (so inviting a seeded user takes invitation path 2, the provider knows the
 * address), else `[]`. Every other path answers the provider's 404 error body. The measured paths
 * never call it (tokens verify against `IDP_JWT_KEY`); only seeding's invitations do.
 */
export const startProviderStub = async (): Promise<ProviderStub> => {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    if (request.method === 'GET' && url.pathname === '/v1/users' && url.searchParams.has('email_address')) {
      const idpId = seededIdpIdOfEmail(url.searchParams.get('email_address') ?? '');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(idpId === undefined ? [] : [seededUserJson(idpId)]));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end(NOT_FOUND);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
