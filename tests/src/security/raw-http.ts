import { request } from 'node:http';

/** A response read off the socket: status, lower-cased headers, body text. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** One request through node:http, which (unlike fetch) sends any method and any header set verbatim. */
export const rawRequest = (
  url: string,
  options: { method: string; path: string; headers?: Record<string, string | string[]>; body?: Buffer | string },
): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    // The path goes out verbatim: a URL would resolve `%2e%2e` and `..` segments before sending.
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path: options.path, method: options.method, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });

/** The records a captured defect leaves in the service's log. */
export const capturedExceptions = (records: readonly Record<string, unknown>[]): Record<string, unknown>[] =>
  records.filter((record) => record['msg'] === 'captured exception');
