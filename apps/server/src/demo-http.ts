/** A JSON answer: status and parsed body (undefined when empty). */
export interface DemoAnswer {
  readonly status: number;
  readonly body: any;
}

/** One HTTP call of the demo, with a JSON body and optional headers. */
export const callJson = async (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<DemoAnswer> => {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
};

/** The body of a 2xx answer; throws with the status and body otherwise. */
export const expectOk = (what: string, answer: DemoAnswer): any => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A binary answer: status and the body's bytes. */
export interface DemoDownload {
  readonly status: number;
  readonly bytes: Uint8Array;
}

/** One HTTP GET of the demo whose answer is a file (a PDF), with optional headers. */
export const callBytes = async (url: string, headers: Record<string, string> = {}): Promise<DemoDownload> => {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};
