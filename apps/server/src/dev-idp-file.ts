import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a development server tells local tools (`npm run demo`) about itself and its emulator. */
export interface DevIdpFile {
  readonly serviceUrl: string;
  readonly emulatorUrl: string;
  readonly secretKey: string;
  /** The in-process payments emulator, when the service runs one. */
  readonly paymentsEmulatorUrl?: string;
}

/** Where the development server writes `DevIdpFile`: `${DATA_DIR}/dev-idp.json`. */
export const devIdpFilePath = (dataDir: string): string => join(dataDir, 'dev-idp.json');

/**
 * Writes the file (owner-only: it holds the emulator's generated secret key) and returns a function
 * that removes it again.
 */
export const writeDevIdpFile = (dataDir: string, contents: DevIdpFile): (() => Promise<void>) => {
  mkdirSync(dataDir, { recursive: true });
  const path = devIdpFilePath(dataDir);
  writeFileSync(path, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 });
  return async () => rmSync(path, { force: true });
};
