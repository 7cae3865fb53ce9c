/** What both reference servers read from their environment. */
export interface ReferenceEnv {
  readonly port: number;
  readonly databaseUrl: string;
  readonly poolSize: number;
  /** SPKI PEM of the token key. */
  readonly jwtKey: string;
  /** The issuer the publishable key implies. */
  readonly issuer: string;
  /** `whsec_…`. */
  readonly webhookSecret: string;
}

const required = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
};

/** Reads PORT, DATABASE_URL, POOL_SIZE, IDP_JWT_KEY, IDP_ISSUER and IDP_WEBHOOK_SECRET. */
export const readReferenceEnv = (): ReferenceEnv => ({
  port: Number(required('PORT')),
  databaseUrl: required('DATABASE_URL'),
  poolSize: Number(process.env['POOL_SIZE'] ?? 10),
  jwtKey: required('IDP_JWT_KEY'),
  issuer: required('IDP_ISSUER'),
  webhookSecret: required('IDP_WEBHOOK_SECRET'),
});
