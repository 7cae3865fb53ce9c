import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { constants, createHmac, createSign, KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { userCreatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { capturedExceptions } from './raw-http.js';

// The negative token suite: every forged or malformed bearer token answers 401
// with one generic body, never 500, over a socket to the real server and its test provider.
const test = anyTest as TestFn<{
  provider: TestProvider;
  service: ServiceUnderTest;
  impostor: Awaited<ReturnType<typeof generateKeyPair>>;
}>;

const USER = 'user_forgedtarget1';
const AUTHORIZED_PARTY = 'https://app.gym.example.com';
const GENERIC_401 = { statusCode: 401, error: 'Unauthorized', message: 'Unauthenticated', code: 'Unauthenticated' };

test.before(async (t) => {
  const provider = await startTestProvider();
  const service = await startServiceUnderTest(providerEnv(provider, { IDP_AUTHORIZED_PARTIES: AUTHORIZED_PARTY }));
  t.context = { provider, service, impostor: await generateKeyPair('RS256', { modulusLength: 2048, extractable: true }) };
  const body = JSON.stringify(userCreatedEvent({ id: USER, email: 'forged-target@example.com' }));
  const created = await fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: provider.sign(body), body });
  if (created.status !== 200) throw new Error(`seeding the user failed: ${created.status}`);
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

const b64url = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = (): number => Math.floor(Date.now() / 1000);
const getMe = (service: ServiceUnderTest, token: string) =>
  fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });

type Context = ExecutionContext<{
  provider: TestProvider;
  service: ServiceUnderTest;
  impostor: Awaited<ReturnType<typeof generateKeyPair>>;
}>;

/** The claims of a valid token for USER (override, or drop with `undefined`: JSON leaves it out). */
const claims = (t: Context, overrides: Record<string, unknown> = {}): JWTPayload => ({
  azp: AUTHORIZED_PARTY,
  sid: 'sess_forged1',
  v: 2,
  sub: USER,
  iss: t.context.provider.issuer,
  iat: now(),
  nbf: now() - 5,
  exp: now() + 60,
  ...overrides,
});
const mint = (t: Context, overrides: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
  t.context.provider.mintToken(USER, claims(t, overrides), header);
/** Signs exact header and payload texts with the provider's real key (so only the rule under test fails). */
const signRaw = (t: Context, headerJson: string, payloadJson: string, padding = constants.RSA_PKCS1_PADDING): string => {
  const input = `${b64url(headerJson)}.${b64url(payloadJson)}`;
  const key = KeyObject.from(t.context.provider.keys.privateKey);
  const signature = createSign('RSA-SHA256').update(input).sign({ key, padding }).toString('base64url');
  return `${input}.${signature}`;
};
const realHeader = (t: Context, extra: Record<string, unknown> = {}) => ({
  alg: 'RS256',
  kid: t.context.provider.kid,
  typ: 'JWT',
  ...extra,
});

/** Every forgery, by name. */
const FORGERIES: readonly (readonly [string, (t: Context) => Promise<string> | string])[] = [
  ['alg none, empty signature', (t) => `${b64url(realHeader(t, { alg: 'none' }))}.${b64url(claims(t))}.`],
  ['alg none, any signature', (t) => `${b64url(realHeader(t, { alg: 'none' }))}.${b64url(claims(t))}.AAAA`],
  ['alg NONE (case)', (t) => `${b64url(realHeader(t, { alg: 'NONE' }))}.${b64url(claims(t))}.AAAA`],
  [
    'HS256 keyed with the public key PEM',
    (t) => {
      const input = `${b64url(realHeader(t, { alg: 'HS256' }))}.${b64url(claims(t))}`;
      return `${input}.${createHmac('sha256', t.context.provider.publicKeyPem).update(input).digest('base64url')}`;
    },
  ],
  [
    'HS256 keyed with the public key PEM, no trailing newline',
    (t) => {
      const input = `${b64url(realHeader(t, { alg: 'HS256' }))}.${b64url(claims(t))}`;
      return `${input}.${createHmac('sha256', t.context.provider.publicKeyPem.trim()).update(input).digest('base64url')}`;
    },
  ],
  [
    'PS256 with the real key (algorithm not allowed)',
    (t) => signRaw(t, JSON.stringify(realHeader(t, { alg: 'PS256' })), JSON.stringify(claims(t)), constants.RSA_PKCS1_PSS_PADDING),
  ],
  ['missing kid', (t) => mint(t, {}, { kid: undefined })],
  ['empty kid', (t) => mint(t, {}, { kid: '' })],
  ['numeric kid', (t) => signRaw(t, JSON.stringify(realHeader(t, { kid: 1 })), JSON.stringify(claims(t)))],
  [
    'a key not in the JWKS, under the real kid',
    async (t) => new SignJWT(claims(t)).setProtectedHeader(realHeader(t)).sign(t.context.impostor.privateKey),
  ],
  [
    'the attacker key embedded as a jwk header',
    async (t) =>
      new SignJWT(claims(t))
        .setProtectedHeader(realHeader(t, { jwk: await exportJWK(t.context.impostor.publicKey) }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'the attacker key behind a jku header',
    async (t) =>
      new SignJWT(claims(t))
        .setProtectedHeader(realHeader(t, { jku: 'https://evil.example.com/jwks' }))
        .sign(t.context.impostor.privateKey),
  ],
  ['expired beyond the skew', (t) => mint(t, { iat: now() - 120, nbf: now() - 125, exp: now() - 10 })],
  ['not yet valid beyond the skew', (t) => mint(t, { nbf: now() + 30 })],
  ['issued in the future beyond the skew', (t) => mint(t, { iat: now() + 30, nbf: now() + 25, exp: now() + 90 })],
  ['lifetime over one hour', (t) => mint(t, { exp: now() + 2 * 3600 })],
  ['no exp', (t) => mint(t, { exp: undefined })],
  ['no iat', (t) => mint(t, { iat: undefined })],
  ['wrong issuer', (t) => mint(t, { iss: 'https://clerk.evil.example.com' })],
  ['no issuer', (t) => mint(t, { iss: undefined })],
  ['wrong azp with authorized parties set', (t) => mint(t, { azp: 'https://evil.example.com' })],
  ['missing azp with authorized parties set', (t) => mint(t, { azp: undefined })],
  ['missing sub', (t) => mint(t, { sub: undefined })],
  ['empty sub', (t) => mint(t, { sub: '' })],
  ['missing sid', (t) => mint(t, { sid: undefined })],
  ['machine subject (mch_)', (t) => mint(t, { sub: 'mch_robot1' })],
  ['machine-to-machine category', (t) => mint(t, {}, { cat: 'cl_B7d4PD333AAA' })],
  ['JWT-template category', (t) => mint(t, {}, { cat: 'cl_B7d4PD222AAA' })],
  ['unknown category', (t) => mint(t, {}, { cat: 'cl_X' })],
  ['typ at+jwt', (t) => mint(t, {}, { typ: 'at+jwt' })],
  ['typ application/at+jwt', (t) => mint(t, {}, { typ: 'application/at+jwt' })],
  ['typ JOSE', (t) => mint(t, {}, { typ: 'JOSE' })],
  [
    'tampered payload (another sub)',
    async (t) => {
      const [header, , signature] = (await mint(t)).split('.');
      return `${header}.${b64url(claims(t, { sub: 'user_someoneelse1' }))}.${signature}`;
    },
  ],
  [
    'tampered payload (later exp)',
    async (t) => {
      const [header, , signature] = (await mint(t)).split('.');
      return `${header}.${b64url(claims(t, { exp: now() + 600 }))}.${signature}`;
    },
  ],
  [
    'tampered header (RS384, same signature)',
    async (t) => {
      const [, payload, signature] = (await mint(t)).split('.');
      return `${b64url(realHeader(t, { alg: 'RS384' }))}.${payload}.${signature}`;
    },
  ],
  ['truncated signature', async (t) => (await mint(t)).slice(0, -10)],
  [
    'signature of another token',
    async (t) => {
      const [header, payload] = (await mint(t)).split('.');
      const [, , other] = (await mint(t, { sid: 'sess_other1' })).split('.');
      return `${header}.${payload}.${other}`;
    },
  ],
  ['oversized (9 KiB claim)', (t) => mint(t, { padding: 'x'.repeat(9 * 1024) })],
  ['oversized (12 KiB of base64url, under the header limit)', () => `${'A'.repeat(6 * 1024)}.${'A'.repeat(6 * 1024)}.AAAA`],
  ['garbage base64', () => 'eyJhbGciOiJSUzI1NiJ9.!!!!.????'],
  ['base64 that is not JSON', () => `${b64url('hello')}.${b64url('world')}.AAAA`],
  ['header that is a JSON array', (t) => `${b64url([realHeader(t)])}.${b64url(claims(t))}.AAAA`],
  ['standard base64 with padding', async (t) => (await mint(t)).replace(/-/g, '+').replace(/_/g, '/') + '=='],
  ['two segments', async (t) => (await mint(t)).split('.').slice(0, 2).join('.')],
  ['four segments', async (t) => `${await mint(t)}.AAAA`],
  [
    'a crit header the verifier does not understand',
    (t) =>
      signRaw(t, JSON.stringify(realHeader(t, { crit: ['urn:example:policy'], 'urn:example:policy': 'x' })), JSON.stringify(claims(t))),
  ],
  [
    'a crit header naming a registered parameter',
    (t) => signRaw(t, JSON.stringify(realHeader(t, { crit: ['kid'] })), JSON.stringify(claims(t))),
  ],
  [
    'duplicate JSON keys in the payload',
    (t) => {
      const payload = JSON.stringify(claims(t, { sub: 'user_someoneelse1' }));
      return signRaw(t, JSON.stringify(realHeader(t)), `${payload.slice(0, -1)},"sub":"${USER}"}`);
    },
  ],
  [
    'duplicate JSON keys in the header',
    (t) => {
      const header = JSON.stringify(realHeader(t));
      return signRaw(t, `${header.slice(0, -1)},"alg":"none"}`, JSON.stringify(claims(t)));
    },
  ],
  ['a JWE-shaped token (five segments)', () => 'eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.AAAA.AAAA.AAAA.AAAA'],
];

// A kid the key set lacks is judged (401) only against a key set fetched for it: inside jose's refetch
// cooldown the set may predate a rotation at the provider, so such a token is "cannot verify right now"
// (503) until the service may refetch. Serial tests run first: these see the first fetch.
const unknownKidRealKey = (t: Context): Promise<string> => mint(t, {}, { kid: 'ins_unknown' });
const impostorUnderOwnKid = (t: Context): Promise<string> =>
  new SignJWT(claims(t)).setProtectedHeader(realHeader(t, { kid: 'ins_impostor' })).sign(t.context.impostor.privateKey);

test.serial('an unknown kid is 401 against the key set fetched for it, and never judged (503) inside the refetch cooldown', async (t) => {
  const jwksRequests = () => t.context.provider.requests.filter((request) => request === 'GET /v1/jwks').length;
  t.is(jwksRequests(), 0, "this is the service's first bearer request");
  const judged = await getMe(t.context.service, await unknownKidRealKey(t));
  t.is(judged.status, 401, 'unknown kid, real key');
  t.deepEqual(await judged.json(), GENERIC_401);
  t.is(jwksRequests(), 1, 'judged against a key set fetched while it waited');
  const unjudged = await getMe(t.context.service, await impostorUnderOwnKid(t));
  t.is(unjudged.status, 503, 'a key not in the JWKS, under its own kid');
  t.is(unjudged.headers.get('retry-after'), '5');
  t.like(await unjudged.json(), { statusCode: 503, code: 'AuthenticationUnavailable' });
  t.is(jwksRequests(), 1, 'no refetch inside the cooldown');
  const reasons = t.context.service.logs.records().map((record) => record['reason']);
  t.true(reasons.includes('token-unknown-kid') && reasons.includes('jwks-cooling-down'));
});

/** Forgeries whose header or claims refuse them, each under a kid the key set lacks: only an early refusal keeps them from the key set. */
const REFUSED_ON_THEIR_FACE: readonly (readonly [string, (t: Context) => Promise<string>])[] = [
  [
    'a token of another provider instance (its own issuer and kid)',
    (t) =>
      new SignJWT(claims(t, { iss: 'https://staging-gym-7.clerk.accounts.dev' }))
        .setProtectedHeader(realHeader(t, { kid: 'ins_staging' }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'the attacker key behind a jku header, under its own kid',
    (t) =>
      new SignJWT(claims(t))
        .setProtectedHeader(realHeader(t, { kid: 'ins_attacker', jku: 'https://evil.example.com/jwks' }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'an x5u header',
    (t) =>
      new SignJWT(claims(t))
        .setProtectedHeader(realHeader(t, { kid: 'ins_attacker', x5u: 'https://evil.example.com/c.pem' }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'the attacker key as a jwk header, under its own kid',
    async (t) =>
      new SignJWT(claims(t))
        .setProtectedHeader(realHeader(t, { kid: 'ins_attacker', jwk: await exportJWK(t.context.impostor.publicKey) }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'an x5c header',
    (t) =>
      new SignJWT(claims(t))
        .setProtectedHeader(realHeader(t, { kid: 'ins_attacker', x5c: ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A'] }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'a kid that is a path',
    (t) => new SignJWT(claims(t)).setProtectedHeader(realHeader(t, { kid: '../../../keys/ins_x' })).sign(t.context.impostor.privateKey),
  ],
  [
    'a kid longer than 64 characters',
    (t) => new SignJWT(claims(t)).setProtectedHeader(realHeader(t, { kid: 'k'.repeat(65) })).sign(t.context.impostor.privateKey),
  ],
  [
    'expired, under an unknown kid',
    (t) =>
      new SignJWT(claims(t, { iat: now() - 120, nbf: now() - 125, exp: now() - 10 }))
        .setProtectedHeader(realHeader(t, { kid: 'ins_attacker' }))
        .sign(t.context.impostor.privateKey),
  ],
  [
    'a wrong azp, under an unknown kid',
    (t) =>
      new SignJWT(claims(t, { azp: 'https://evil.example.com' }))
        .setProtectedHeader(realHeader(t, { kid: 'ins_attacker' }))
        .sign(t.context.impostor.privateKey),
  ],
];

test.serial(
  'inside the refetch cooldown a token refused by its header or claims answers 401 at once, never 503, and fetches no key set',
  async (t) => {
    const jwksRequests = () => t.context.provider.requests.filter((request) => request === 'GET /v1/jwks').length;
    const before = jwksRequests();
    t.is(before, 1, 'the service fetched its key set once, and is inside the cooldown');
    for (const [name, forge] of REFUSED_ON_THEIR_FACE) {
      const response = await getMe(t.context.service, await forge(t));
      t.is(response.status, 401, name);
      t.is(response.headers.get('retry-after'), null, name);
      t.deepEqual(await response.json(), GENERIC_401, name);
    }
    t.is(jwksRequests(), before, 'no JWKS request for any of them');
    const unseen = await getMe(t.context.service, await impostorUnderOwnKid(t));
    t.is(unseen.status, 503, 'a well-formed token of the expected issuer whose kid is unseen: the key set alone decides');
    t.is(unseen.headers.get('retry-after'), '5');
    const reasons = new Set(t.context.service.logs.records().map((record) => record['reason']));
    for (const reason of [
      'token-invalid-issuer',
      'token-key-in-header',
      'token-invalid-kid',
      'token-expired',
      'token-invalid-authorized-parties',
    ]) {
      t.true(reasons.has(reason), `logged and counted as ${reason}`);
    }
  },
);

test('a correctly signed session token is accepted (the forgeries below fail on their one rule)', async (t) => {
  const response = await getMe(t.context.service, await mint(t));
  t.is(response.status, 200);
  t.like(await response.json(), { user: { idpId: USER } });
  t.is((await getMe(t.context.service, signRaw(t, JSON.stringify(realHeader(t)), JSON.stringify(claims(t))))).status, 200);
});

test('every forged or malformed bearer token answers 401 with the same generic body, never 500', async (t) => {
  for (const [name, forge] of FORGERIES) {
    const response = await getMe(t.context.service, await forge(t));
    t.is(response.status, 401, name);
    t.is(response.headers.get('www-authenticate'), 'Bearer error="invalid_token"', name);
    t.deepEqual(await response.json(), GENERIC_401, name);
  }
  t.log(
    `${FORGERIES.length} forged tokens refused with 401 (plus 2 with unknown kids: 401 after a fresh JWKS fetch, 503 inside its cooldown)`,
  );
  t.deepEqual(capturedExceptions(t.context.service.logs.records()), []);
});

test('a bearer token past the HTTP header limit is refused by the server itself (431), never 500', async (t) => {
  const response = await getMe(t.context.service, `${'A'.repeat(512 * 1024)}.${'A'.repeat(512 * 1024)}.AAAA`);
  t.is(response.status, 431);
  t.is((await fetch(`${t.context.service.url}/health`)).status, 200);
});

test('a session token without kid answers 401 on /users/me', async (t) => {
  const response = await getMe(t.context.service, await mint(t, {}, { kid: undefined }));
  t.is(response.status, 401);
  t.deepEqual(await response.json(), GENERIC_401);
});

test('a machine-to-machine token (header category) answers 401 on /users/me (token-type-mismatch)', async (t) => {
  const response = await getMe(t.context.service, await mint(t, {}, { cat: 'cl_B7d4PD333AAA' }));
  t.is(response.status, 401);
  t.deepEqual(await response.json(), GENERIC_401);
  t.true(t.context.service.logs.records().some((record) => record['reason'] === 'token-type-mismatch'));
});

test('the refused tokens never reach the log', async (t) => {
  const token = await mint(t, {}, { cat: 'cl_B7d4PD333AAA' });
  await getMe(t.context.service, token);
  t.false(t.context.service.logs.text().includes(token.split('.')[2]!));
});
