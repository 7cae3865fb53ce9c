import type { JWK } from 'jose';
import { sendJson, startLocalServer } from './local-server.js';
import type { LocalServer } from './local-server.js';

/** A local `GET /v1/jwks` that checks the bearer secret and counts requests. */
export interface JwksServer extends LocalServer {
  /** The keys served; replace to rotate. */
  keys: JWK[];
  /** How many JWKS requests arrived (including refused ones). */
  readonly requests: number;
}

/** Starts a JWKS endpoint serving `keys` to callers that present `secretKey`. */
export const startJwksServer = async (secretKey: string, keys: JWK[]): Promise<JwksServer> => {
  let requests = 0;
  const state = { keys };
  const server = await startLocalServer((request, response) => {
    requests += 1;
    if (request.method !== 'GET' || request.url !== '/v1/jwks') return sendJson(response, 404, { errors: [] });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return sendJson(response, 401, {
        errors: [{ message: 'Secret key invalid', long_message: 'Secret key invalid', code: 'clerk_key_invalid' }],
      });
    }
    return sendJson(response, 200, { keys: state.keys });
  });
  return {
    url: server.url,
    close: server.close,
    get keys() {
      return state.keys;
    },
    set keys(next: JWK[]) {
      state.keys = next;
    },
    get requests() {
      return requests;
    },
  };
};
