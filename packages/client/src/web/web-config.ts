/** The web settings the spec reads from the environment. */
export interface WebConfig {
  /** `NEXT_PUBLIC_IDP_SIGN_IN_URL`, default `/sign-in`. */
  readonly signInUrl: string;
  /** `NEXT_PUBLIC_IDP_SIGN_UP_URL`, default `/sign-up`. */
  readonly signUpUrl: string;
  /** `NEXT_PUBLIC_E2E_TEST_MODE === 'true'`: the only way unauthenticated traffic passes the guard. */
  readonly bypass: boolean;
}

/**
 * Reads the web settings. The bypass is on only for the exact string `'true'` (`'TRUE'`, `'1'`,
 * `' true'` are off); `NODE_ENV` plays no part (E2E runs use `next start`, which is production).
 * `warn` is called once when the bypass is on.
 *
 * @example
 * const web = readWebConfig(process.env, console.warn);
 */
export const readWebConfig = (env: Readonly<Record<string, string | undefined>>, warn?: (message: string) => void): WebConfig => {
  const bypass = env['NEXT_PUBLIC_E2E_TEST_MODE'] === 'true';
  if (bypass) warn?.('NEXT_PUBLIC_E2E_TEST_MODE=true: route protection is OFF (end-to-end test builds only)');
  return {
    signInUrl: env['NEXT_PUBLIC_IDP_SIGN_IN_URL'] || '/sign-in',
    signUpUrl: env['NEXT_PUBLIC_IDP_SIGN_UP_URL'] || '/sign-up',
    bypass,
  };
};
