import type { ExecutionContext } from 'ava';

/** A JSON answer of the service: the status and the parsed body (undefined when empty). */
export interface ApiAnswer {
  readonly status: number;
  readonly body: any;
}

/** Asserts an error answer: its status, and the error body's `statusCode` and `code` (`what` names the case in a loop). */
export const assertError = (t: ExecutionContext<unknown>, answer: ApiAnswer, status: number, code: string, what = ''): void => {
  t.is(answer.status, status, `${what} ${JSON.stringify(answer.body)}`.trim());
  t.like(answer.body, { statusCode: status, code }, what);
};

/** Headers that authenticate one request (a fresh token, or the persona headers of `TEST_AUTH_BYPASS`). */
export type Credentials = () => Promise<Record<string, string>> | Record<string, string>;

/** `Authorization: Bearer …` from a token source called per request (provider tokens live 60 s). */
export const bearer =
  (token: () => Promise<string> | string): Credentials =>
  async () => ({ authorization: `Bearer ${await token()}` });

/** The `x-test-user-id` (and optional `x-test-role`) headers of `TEST_AUTH_BYPASS`. */
export const persona =
  (idpId: string, role?: string): Credentials =>
  () => ({ 'x-test-user-id': idpId, ...(role === undefined ? {} : { 'x-test-role': role }) });

/** Sends one request; `body` is JSON-encoded unless it is already a string (to send malformed JSON). */
export const callService = async (
  serviceUrl: string,
  credentials: Credentials | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> => {
  const headers: Record<string, string> = { ...(credentials === null ? {} : await credentials()) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${serviceUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, body: parsed };
};

/** The service as one caller sees it. */
export interface ServiceApi {
  get(path: string): Promise<ApiAnswer>;
  post(path: string, body?: unknown): Promise<ApiAnswer>;
  put(path: string, body?: unknown): Promise<ApiAnswer>;
  patch(path: string, body?: unknown): Promise<ApiAnswer>;
  delete(path: string): Promise<ApiAnswer>;
}

/** The service at `serviceUrl`, called with `credentials` (null: unauthenticated). */
export const serviceApi = (serviceUrl: string, credentials: Credentials | null): ServiceApi => ({
  get: (path) => callService(serviceUrl, credentials, 'GET', path),
  post: (path, body = {}) => callService(serviceUrl, credentials, 'POST', path, body),
  put: (path, body = {}) => callService(serviceUrl, credentials, 'PUT', path, body),
  patch: (path, body = {}) => callService(serviceUrl, credentials, 'PATCH', path, body),
  delete: (path) => callService(serviceUrl, credentials, 'DELETE', path),
});

/** One row of the roster (`GET …/members`). */
export interface RosterRow {
  readonly id: string;
  readonly userId: string | null;
  readonly email: string;
  readonly role: 'owner' | 'admin' | 'coach' | 'member';
  readonly status: 'invited' | 'pending_invitation' | 'active' | 'suspended' | 'cancelled';
}

/** Every roster row, cancelled included, following `nextCursor` to the end. */
export const fullRoster = async (api: ServiceApi, orgId: string): Promise<RosterRow[]> => {
  const rows: RosterRow[] = [];
  let cursor: string | null = null;
  do {
    const answer = await api.get(
      `/organizations/${orgId}/members?include=cancelled&limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    if (answer.status !== 200) throw new Error(`roster answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    rows.push(...(answer.body.items as RosterRow[]));
    cursor = answer.body.nextCursor as string | null;
  } while (cursor !== null);
  return rows;
};

/** Rows that hold ownership: role `owner` and not cancelled. */
export const liveOwners = (rows: readonly RosterRow[]): RosterRow[] =>
  rows.filter((row) => row.role === 'owner' && row.status !== 'cancelled');
