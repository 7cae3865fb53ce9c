import { Agent, request } from 'node:http';

/** A response read to the end. */
export interface Answer {
  readonly status: number;
  readonly body: string;
}

/** A keep-alive client for setup work (seeding, checks); measured traffic goes through the driver. */
export const httpClient = (maxSockets: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send: (url: string, options: { method: string; headers?: Record<string, string>; body?: string }): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const outgoing = request(url, { method: options.method, headers: options.headers ?? {}, agent }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        });
        outgoing.on('error', reject);
        outgoing.end(options.body);
      }),
    close: () => agent.destroy(),
  };
};
