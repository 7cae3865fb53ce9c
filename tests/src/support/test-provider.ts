import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { Webhook } from 'standardwebhooks';
import { idpUserJson, type IdpUserJsonOptions } from '@idv/core/testing';
import { buildPublishableKey } from '@idv/idp-emulator';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** A stand-in for the provider in HTTP tests: JWKS behind the secret key, a user table, token minting, webhook signing. */
export interface TestProvider {
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly issuer: string;
  readonly webhookSecret: string;
  readonly keys: KeyPair;
  readonly kid: string;
  readonly publicKeyPem: string;
  /** Requests seen, as `METHOD path`. */
  readonly requests: string[];
  /** While true, the user endpoints answer 500, like a provider outage. */
  failing: boolean;
  /** While true, `GET /v1/jwks` answers 503: the service cannot fetch the keys. */
  jwksFailing: boolean;
  /** Publishes a new signing key (new `kid`) next to the old ones and signs with it from now on. */
  rotateKey(): Promise<string>;
  /** Makes `GET /v1/users/{id}` return this user. */
  putUser(options: IdpUserJsonOptions): void;
  /** Mints a session token; `claims` and `header` override the defaults. */
  mintToken(subject: string, claims?: JWTPayload, header?: Record<string, unknown>): Promise<string>;
  /**
   * Holds the next user-endpoint request (`/v1/users/…`) unanswered until `release()`; `arrived`
   * resolves once it has come in (a request of the service is then in flight).
   */
  holdNext(): { readonly arrived: Promise<void>; release(): void };
  /** Signs a body with the webhook secret (or another), giving the three `idp-webhook-*` headers. */
  sign(body: string, options?: { id?: string; at?: Date; secret?: string }): Record<string, string>;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

/** Starts the test provider on an ephemeral loopback port. */
export const startTestProvider = async (): Promise<TestProvider> => {
  const signingKey = async (kid: string) => {
    const keys = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    return {
      kid,
      keys,
      jwk: { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' },
      publicKeyPem: await exportSPKI(keys.publicKey),
    };
  };
  const published = [await signingKey('ins_testprovider1')];
  const current = () => published[published.length - 1]!;
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const users = new Map<string, Record<string, unknown>>();
  const requests: string[] = [];
  let held: { arrive: () => void; released: Promise<void> } | undefined;

  const server: Server = createServer(async (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (held !== undefined && request.url?.startsWith('/v1/users/') === true) {
      const { arrive, released } = held;
      held = undefined;
      arrive();
      await released;
    }
    const answer = (() => {
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return json(401, { errors: [{ message: 'invalid key', long_message: 'invalid key', code: 'clerk_key_invalid' }] });
      }
      if (request.url === '/v1/jwks') {
        if (provider.jwksFailing)
          return json(503, { errors: [{ message: 'Unavailable', long_message: 'service unavailable', code: 'service_unavailable' }] });
        return json(200, { keys: published.map((key) => key.jwk) });
      }
      if (provider.failing)
        return json(500, { errors: [{ message: 'Oops', long_message: 'internal error', code: 'internal_clerk_error' }] });
      const userPath = /^\/v1\/users\/(user_[A-Za-z0-9]+)$/.exec(request.url ?? '');
      if (userPath && request.method === 'GET' && users.has(userPath[1]!)) return json(200, users.get(userPath[1]!));
      if (userPath && request.method === 'DELETE' && users.delete(userPath[1]!))
        return json(200, { object: 'user', id: userPath[1], deleted: true });
      return json(404, { errors: [{ message: 'not found', long_message: 'No user was found', code: 'resource_not_found' }] });
    })();
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const frontendApi = 'clerk.gym.example.com';
  const publishableKey = buildPublishableKey(frontendApi);
  const issuer = `https://${frontendApi}`;

  const provider: TestProvider = {
    url,
    secretKey,
    publishableKey,
    issuer,
    webhookSecret,
    requests,
    get keys() {
      return current().keys;
    },
    get kid() {
      return current().kid;
    },
    get publicKeyPem() {
      return current().publicKeyPem;
    },
    failing: false,
    jwksFailing: false,
    rotateKey: async () => {
      published.push(await signingKey(`ins_testprovider${published.length + 1}`));
      return current().kid;
    },
    putUser: (options) => users.set(options.id, idpUserJson(options)),
    holdNext: () => {
      let arrive: () => void = () => undefined;
      let release: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      held = { arrive, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived, release: () => release() };
    },
    mintToken: (subject, claims = {}, header = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const defaults = {
        azp: 'http://localhost:3000',
        sid: 'sess_2g7np7Hrk0SN6kj5EDMLDaKNL0S',
        v: 2,
        sub: subject,
        iss: issuer,
        iat: now,
        nbf: now - 5,
        exp: now + 60,
      };
      return new SignJWT({ ...defaults, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: current().kid, typ: 'JWT', ...header })
        .sign(current().keys.privateKey);
    },
    sign: (body, options = {}) => {
      const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
      const at = options.at ?? new Date();
      const signature = new Webhook(options.secret ?? webhookSecret).sign(id, at, body);
      return { 'idp-webhook-id': id, 'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'idp-webhook-signature': signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return provider;
};
