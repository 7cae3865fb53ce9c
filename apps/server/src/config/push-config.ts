/** Where push notifications go. */
export interface PushConfig {
  /** `EXPO_ACCESS_TOKEN` (and `EXPO_BASE_URL`): Expo's push service; log-only when unset. */
  readonly expo?: { readonly accessToken: string; readonly baseUrl?: string };
  /** `EXPO_RECEIPT_DELAY_SECONDS`: how long after sending a receipt is read, and how often receipts are checked. */
  readonly receiptDelaySeconds: number;
}

/** The variables `pushConfig` reads, already decoded. */
export interface PushEnv {
  readonly EXPO_ACCESS_TOKEN?: string;
  readonly EXPO_BASE_URL?: string;
  readonly EXPO_RECEIPT_DELAY_SECONDS?: number;
}

/** Expo suggests reading receipts about 15 minutes after sending. */
export const DEFAULT_RECEIPT_DELAY_SECONDS = 900;

/**
 * The push configuration from the decoded environment: Expo once `EXPO_ACCESS_TOKEN` is set,
 * `EXPO_BASE_URL` pointing it elsewhere (a stand-in); a base URL without a token is a mistake.
 *
 * @example
 * pushConfig({ EXPO_ACCESS_TOKEN: 'tok' }); // { push: { expo: { accessToken: 'tok' }, receiptDelaySeconds: 900 }, problems: [] }
 */
export const pushConfig = (env: PushEnv): { readonly push: PushConfig; readonly problems: readonly string[] } => {
  const problems =
    env.EXPO_BASE_URL !== undefined && env.EXPO_ACCESS_TOKEN === undefined
      ? ['EXPO_BASE_URL: set without EXPO_ACCESS_TOKEN (no push service would use it)']
      : [];
  const expo =
    env.EXPO_ACCESS_TOKEN === undefined
      ? undefined
      : { accessToken: env.EXPO_ACCESS_TOKEN, ...(env.EXPO_BASE_URL === undefined ? {} : { baseUrl: env.EXPO_BASE_URL }) };
  return {
    push: { ...(expo === undefined ? {} : { expo }), receiptDelaySeconds: env.EXPO_RECEIPT_DELAY_SECONDS ?? DEFAULT_RECEIPT_DELAY_SECONDS },
    problems,
  };
};
