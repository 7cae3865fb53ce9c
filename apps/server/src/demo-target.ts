import { existsSync, readFileSync } from 'node:fs';
import { devIdpFilePath, type DevIdpFile } from './dev-idp-file.js';

/** Where the demo found the running development service, or why it could not. */
export type DemoTarget =
  | { readonly found: true; readonly target: DevIdpFile; readonly path: string }
  | { readonly found: false; readonly path: string; readonly reason: string };

const isTarget = (value: unknown): value is DevIdpFile => {
  const file = value as Partial<DevIdpFile> | null;
  return typeof file?.serviceUrl === 'string' && typeof file.emulatorUrl === 'string' && typeof file.secretKey === 'string';
};

/** Reads `${DATA_DIR:-.data}/dev-idp.json`, which the development server writes while it runs. */
export const findDemoTarget = (env: Readonly<Record<string, string | undefined>>): DemoTarget => {
  const path = devIdpFilePath(env['DATA_DIR']?.trim() || '.data');
  if (!existsSync(path)) return { found: false, path, reason: `${path} does not exist` };
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isTarget(parsed)
      ? { found: true, target: parsed, path }
      : { found: false, path, reason: `${path} lacks serviceUrl, emulatorUrl or secretKey` };
  } catch (error) {
    return { found: false, path, reason: `${path} is not readable JSON (${error instanceof Error ? error.message : String(error)})` };
  }
};
