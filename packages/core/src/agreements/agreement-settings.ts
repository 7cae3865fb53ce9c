/** `PUBLIC_API_URL` and `AGREEMENT_LINK_TTL_DAYS`. */
export interface AgreementSettings {
  /** Where signers reach the service: links are `<publicApiUrl>/sign/<token>`. */
  readonly publicApiUrl: string;
  /** How long a signing link opens (days). */
  readonly linkTtlDays: number;
}

/** A signing link for a token. */
export const signingLink = (settings: AgreementSettings, token: string): string =>
  `${settings.publicApiUrl.replace(/\/+$/, '')}/sign/${token}`;
