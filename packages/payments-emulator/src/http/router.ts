import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request as a handler sees it: the path's named parts, the query, the raw body. */
export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: string;
  /** The path as requested (what iyzico's signature covers). */
  readonly path: string;
}

/** A route handler. */
export type Handler = (exchange: Exchange) => void | Promise<void>;

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly handler: Handler;
  readonly control: boolean;
}

const MAX_BODY = 64 * 1024;

/** Sends a JSON answer. */
export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
};

/** Sends an HTML page. */
export const sendHtml = (response: ServerResponse, status: number, html: string): void => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
};

/** A tiny method + path router over node:http; `:name` segments become params. */
export class Router {
  private readonly routes: Route[] = [];

  /** Adds a route; `control` routes (the emulator's own) keep answering during a simulated outage. */
  on(method: string, path: string, handler: Handler, options: { readonly control?: boolean } = {}): this {
    const names: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:([a-zA-Z]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    this.routes.push({ method, pattern, names, handler, control: options.control ?? false });
    return this;
  }

  /** Handles one request; `isDown` makes every provider route answer 503, as an outage would. */
  async handle(request: IncomingMessage, response: ServerResponse, isDown: () => boolean): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://emulator');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) return sendJson(response, 413, { error: 'body too large' });
      chunks.push(chunk);
    }
    for (const route of this.routes) {
      const match = route.method === request.method ? route.pattern.exec(url.pathname) : null;
      if (match === null) continue;
      if (!route.control && isDown()) return void response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return route.handler({
        request,
        response,
        params,
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
        path: url.pathname,
      });
    }
    sendJson(response, 404, { error: `no route for ${request.method} ${url.pathname}` });
  }
}
