/** Where the service runs: production, or a deploy carrying live provider keys (production all the same). */
export interface Deployment {
  readonly production: boolean;
  readonly liveKeys: boolean;
}

/**
 * Why a development-only setting is refused here, or none: under `NODE_ENV=production`, and in a
 * deploy that forgets `NODE_ENV` but carries live provider keys.
 */
export const developmentOnlyRefusal = ({ production, liveKeys }: Deployment): string | undefined =>
  production ? 'when NODE_ENV=production' : liveKeys ? 'when a live provider key (sk_live_… or pk_live_…) is configured' : undefined;
