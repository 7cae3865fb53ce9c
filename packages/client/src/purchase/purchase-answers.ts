/** A purchase as its answers show it. */
export interface PurchaseSummary {
  readonly id: string;
  readonly status: string;
}

/** An error answer of the API (`{ statusCode, error, message, code }`), with the HTTP status. */
export interface PurchaseFailure {
  readonly ok: false;
  readonly status: number;
  /** The error code (`BotCheckFailed`, `PurchaseRateLimited`, `AlreadyMember`, `PlanSoldOut`, …). */
  readonly code: string;
  readonly message: string;
  /** Seconds to wait before trying again, when the answer says (429, 503). */
  readonly retryAfterSeconds?: number;
}

/** Reads an error answer; a body that is not the API's error shape keeps the HTTP status alone. */
export const failureOf = async (response: Response): Promise<PurchaseFailure> => {
  const text = await response.text();
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = {};
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    code: typeof body.code === 'string' ? body.code : `Http${response.status}`,
    message: typeof body.message === 'string' ? body.message : text.slice(0, 200),
    ...(Number.isInteger(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
};
