import { performance } from 'node:perf_hooks';
import { IdentityProviderError } from './identity-provider-error.js';

/** How one admin API call ended: the answer's status class, or no answer at all. */
export type ProviderCallOutcome = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'timeout' | 'network';

/** Receives every admin API call (operators' metrics): its operation name, outcome and duration until the answer's headers. */
export type ProviderCallObserver = (operation: string, outcome: ProviderCallOutcome, seconds: number) => void;

/** How to reach the provider's admin API. */
export interface ProviderHttpConfig {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly observe: ProviderCallObserver;
}

const STATUS_CLASSES: readonly ProviderCallOutcome[] = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClass = (status: number): ProviderCallOutcome => STATUS_CLASSES[Math.min(Math.floor(status / 100), 5)] ?? '5xx';

const transportFailure = (operation: string, error: unknown, timeoutMs: number): IdentityProviderError => {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new IdentityProviderError(`IdP ${operation} failed: timeout after ${timeoutMs} ms`, { operation, failure: 'timeout' });
  }
  // undici reports the socket error as the cause (ECONNREFUSED, ECONNRESET…); the request itself is not echoed.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : 'network error';
  return new IdentityProviderError(`IdP ${operation} failed: ${detail}`, { operation, failure: 'network' });
};

/** Sends one admin API request (a JSON body when given); network errors and timeouts become IdentityProviderErrors. */
export const providerRequest = async (
  config: ProviderHttpConfig,
  operation: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
): Promise<Response> => {
  const started = performance.now();
  try {
    const response = await config.fetch(`${config.apiUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: {
        Authorization: `Bearer ${config.secretKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    config.observe(operation, statusClass(response.status), (performance.now() - started) / 1000);
    return response;
  } catch (error) {
    const failure = transportFailure(operation, error, config.timeoutMs);
    config.observe(operation, failure.failure === 'timeout' ? 'timeout' : 'network', (performance.now() - started) / 1000);
    throw failure;
  }
};

/** Reads a 2xx JSON body; a body that is not JSON is an IdentityProviderError. */
export const providerJson = async (config: ProviderHttpConfig, operation: string, response: Response): Promise<unknown> => {
  const contentType = response.headers.get('content-type') ?? '';
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportFailure(operation, error, config.timeoutMs);
  }
  try {
    if (!/^application\/json\b/i.test(contentType)) throw new Error('not JSON');
    return JSON.parse(text);
  } catch {
    throw new IdentityProviderError(`IdP ${operation} failed: the response is not JSON`, {
      operation,
      failure: 'invalid-body',
      status: response.status,
    });
  }
};
