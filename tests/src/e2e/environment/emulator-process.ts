import { ENTRY_POINTS } from './repo-paths.js';
import { startNodeProcess, type NodeProcess } from './node-process.js';

/** The provider emulator running as its own process. */
export interface EmulatorProcess {
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly process: NodeProcess;
}

/** Options of `startEmulatorProcess`. */
export interface EmulatorProcessOptions {
  /** Multiplies the webhook retry schedule (`--time-scale`); default 0.001 (5 s becomes 5 ms). */
  readonly timeScale?: number;
}

// Variables the CLI would read as its own options: the environment must not choose keys or ports for it.
const CLI_VARIABLES = /^(IDP_|E2E_IDP_USER_PASSWORD$)/;

/**
 * Runs `node packages/idp-emulator/dist/cli.js --port 0` with generated keys and no webhook URL,
 * and reads its keys and URL from the lines it prints before `idp emulator listening on …`.
 */
export const startEmulatorProcess = async (options: EmulatorProcessOptions = {}): Promise<EmulatorProcess> => {
  const printed = new Map<string, string>();
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CLI_VARIABLES.test(name)));
  const { process: child, ready: url } = await startNodeProcess({
    name: 'idp emulator',
    args: [ENTRY_POINTS.emulatorCli, '--port', '0', '--time-scale', String(options.timeScale ?? 0.001)],
    env,
    ready: (line) => {
      const variable = /^(IDP_[A-Z_]+)=(.*)$/.exec(line);
      if (variable) printed.set(variable[1]!, variable[2]!);
      return /^idp emulator listening on (http:\/\/\S+)$/.exec(line)?.[1];
    },
  });
  const read = (name: string): string => {
    const value = printed.get(name);
    if (value === undefined) throw new Error(`idp emulator did not print ${name}`);
    return value;
  };
  try {
    return {
      url,
      secretKey: read('IDP_SECRET_KEY'),
      publishableKey: read('IDP_PUBLISHABLE_KEY'),
      webhookSecret: read('IDP_WEBHOOK_SECRET'),
      process: child,
    };
  } catch (error) {
    await child.stop();
    throw error;
  }
};
