/** A decoded JSON answer with its raw content type. */
export interface JsonAnswer {
  readonly status: number;
  readonly contentType: string | null;
  readonly headers: Headers;
  readonly body: any;
}

/** Calls the emulator like an admin client (bearer secret key, JSON body). */
export const adminFetch = async (
  emulator: { url: string; secretKey: string },
  method: string,
  path: string,
  body?: unknown,
  auth: string | null = `Bearer ${emulator.secretKey}`,
): Promise<JsonAnswer> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth !== null) headers['authorization'] = auth;
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
};
