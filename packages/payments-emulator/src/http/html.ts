const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A small page around `body`. */
export const page = (title: string, body: string): string =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body>\n${body}\n</body></html>\n`;

/** A form that posts `fields` to `action`; `autoSubmit` sends it on load, as a provider's redirect page does. */
export const postForm = (
  action: string,
  fields: Readonly<Record<string, string>>,
  options: {
    readonly id: string;
    readonly autoSubmit: boolean;
    readonly buttons?: readonly (readonly [name: string, value: string, label: string])[];
  },
): string =>
  [
    `<form id="${escapeHtml(options.id)}" method="post" action="${escapeHtml(action)}">`,
    ...Object.entries(fields).map(([name, value]) => `  <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`),
    ...(options.buttons ?? []).map(
      ([name, value, label]) =>
        `  <button type="submit" name="${escapeHtml(name)}" value="${escapeHtml(value)}">${escapeHtml(label)}</button>`,
    ),
    options.autoSubmit ? '  <noscript><button type="submit">Continue</button></noscript>' : '',
    '</form>',
    options.autoSubmit ? `<script>document.getElementById(${JSON.stringify(options.id)}).submit();</script>` : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
