import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { IdentityProviderError } from './identity-provider-error.js';

/** The provider's error envelope, only the fields we read. */
const ProviderErrorsJson = t.type({
  errors: t.array(t.partial({ code: t.string, message: t.string })),
});

/** First error of the envelope, or nothing when the body is not one. */
export const firstProviderError = (body: string): { code?: string; message?: string } => {
  try {
    const decoded = ProviderErrorsJson.decode(JSON.parse(body));
    return E.isRight(decoded) ? (decoded.right.errors[0] ?? {}) : {};
  } catch {
    return {};
  }
};

/** `Retry-After` as seconds: delta-seconds or an HTTP date. */
export const retryAfterSeconds = (header: string | null, now = Date.now()): number | undefined => {
  if (header === null) return undefined;
  if (/^\s*[0-9]+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
};

/** Translates a non-2xx answer into an IdentityProviderError carrying status, code and Retry-After. */
export const providerHttpError = async (operation: string, response: Response, secretKey: string): Promise<IdentityProviderError> => {
  const { code, message } = firstProviderError(await response.text().catch(() => ''));
  const retryAfter = response.status === 429 ? retryAfterSeconds(response.headers.get('retry-after')) : undefined;
  // The provider's text is not ours: never let it echo the secret key into our logs.
  const providerText = message?.slice(0, 200).split(secretKey).join('[redacted]');
  const summary = [String(response.status), code, providerText].filter(Boolean).join(' ');
  return new IdentityProviderError(`IdP ${operation} failed: ${summary}`, {
    operation,
    failure: 'http',
    status: response.status,
    ...(code === undefined ? {} : { code }),
    ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
  });
};
