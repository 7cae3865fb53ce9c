/** A completed password sign-in at the provider. */
export interface SignInResult {
  readonly sessionId: string;
  readonly userId: string;
  readonly jwt: string;
}

/** What the sign-in is given. */
export interface SignInRequest {
  readonly providerUrl: string;
  readonly identifier: string;
  readonly password: string;
  readonly deadlineMs: number;
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/**
 * Signs in at the provider's `POST /v1/client/sign_ins` like a browser form would. The whole
 * exchange must finish within `deadlineMs`, else it throws "E2E sign-in timed out after N s".
 */
export const signInAtProvider = async (request: SignInRequest): Promise<SignInResult> => {
  const endpoint = `${request.providerUrl}/v1/client/sign_ins`;
  const signal = AbortSignal.timeout(request.deadlineMs);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ strategy: 'password', identifier: request.identifier, password: request.password }),
      signal,
    });
    const body = (await response.json()) as {
      status?: string;
      created_session_id?: string;
      user?: { id?: string };
      jwt?: string;
      errors?: Array<{ code?: string }>;
    };
    if (!response.ok || body.status !== 'complete') {
      throw new Error(
        `E2E sign-in was refused (${response.status} ${body.errors?.[0]?.code ?? body.status ?? 'no status'}) for ${request.identifier}`,
      );
    }
    if (typeof body.created_session_id !== 'string' || typeof body.user?.id !== 'string' || typeof body.jwt !== 'string') {
      throw new Error('E2E sign-in answered without a session, user or token');
    }
    return { sessionId: body.created_session_id, userId: body.user.id, jwt: body.jwt };
  } catch (error) {
    if (signal.aborted)
      throw new Error(`E2E sign-in timed out after ${seconds(request.deadlineMs)} (no answer from ${endpoint})`, { cause: error });
    throw error;
  }
};
