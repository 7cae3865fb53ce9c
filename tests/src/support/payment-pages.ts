/** A form as a provider's page holds it: where it posts and its hidden fields. */
export interface PageForm {
  readonly action: string;
  readonly fields: Record<string, string>;
}

const unescape = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Reads the first form of an HTML page, as a browser would submit it. */
export const formOf = (html: string): PageForm => {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`the page holds no form: ${html.slice(0, 200)}`);
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]),
  );
  return { action: unescape(action), fields };
};

/** Posts a form the way a browser does (URL-encoded, no redirect followed). */
export const submit = (url: string, fields: Record<string, string>): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
  });
