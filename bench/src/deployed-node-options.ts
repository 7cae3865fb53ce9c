import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCKERFILE = fileURLToPath(new URL('../../Dockerfile', import.meta.url));

/**
 * The `NODE_OPTIONS` the container image runs the service with (its runtime stage's `ENV`), so the
 * bench measures the service exactly as it is deployed. Throws when the Dockerfile sets none.
 */
export const deployedNodeOptions = (): string => {
  const match = /^\s*NODE_OPTIONS=(?:"([^"]*)"|(\S+))/m.exec(readFileSync(DOCKERFILE, 'utf8'));
  if (match === null) throw new Error(`${DOCKERFILE}: no NODE_OPTIONS in the runtime stage's ENV`);
  return match[1] ?? match[2]!;
};
