const SECRET_FORMAT = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
const MIN_KEY_BYTES = 24;

/**
 * Checks a `whsec_<base64>` signing secret and returns it trimmed. Throws a message that never
 * contains the secret.
 */
export const checkedWebhookSecret = (secret: string): string => {
  const trimmed = secret.trim();
  const encoded = SECRET_FORMAT.exec(trimmed)?.[1];
  if (encoded === undefined) throw new Error('IdP webhook secret must look like whsec_<base64>');
  const key = Buffer.from(encoded, 'base64');
  // The library's decoder ignores a stray trailing character; insist on canonical base64.
  if (key.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) {
    throw new Error('IdP webhook secret is not valid base64');
  }
  if (key.length < MIN_KEY_BYTES) {
    throw new Error(`IdP webhook secret is too short (at least ${MIN_KEY_BYTES} bytes decoded)`);
  }
  return trimmed;
};
