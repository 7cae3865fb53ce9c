/** How a spec authenticates: a session token, or (with `TEST_AUTH_BYPASS`) a persona header alone. */
export type Caller = { readonly token: string } | { readonly persona: string };

/** The body of `GET /users/me`. */
export interface MeBody {
  readonly user: { readonly id: string; readonly idpId: string; readonly email: string | null; readonly imageUrl: string | null };
  readonly memberships: readonly unknown[];
}

/** `GET /users/me` as `caller`: the status, and the body when it is 200. */
export const getMe = async (serviceUrl: string, caller: Caller): Promise<{ status: number; body: MeBody | undefined }> => {
  const headers: Record<string, string> =
    'token' in caller ? { authorization: `Bearer ${caller.token}` } : { 'x-test-user-id': caller.persona };
  const response = await fetch(`${serviceUrl}/users/me`, { headers });
  const text = await response.text();
  return { status: response.status, body: response.status === 200 ? (JSON.parse(text) as MeBody) : undefined };
};
