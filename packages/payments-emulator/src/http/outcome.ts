/** The `outcome` of a page's button: a form field, or a JSON body's member (for scripts). */
export const outcomeOf = (body: string): string | undefined => {
  const fromForm = new URLSearchParams(body).get('outcome');
  if (fromForm !== null) return fromForm;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && typeof (value as { outcome?: unknown }).outcome === 'string'
      ? (value as { outcome: string }).outcome
      : undefined;
  } catch {
    return undefined;
  }
};
