import { readFileSync } from 'node:fs';
import os from 'node:os';

/** What the figures were measured on, for the top of the report. */
export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly node: string;
  readonly kernel: string;
}

const cpuModel = (): string => {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('model name'));
    if (line !== undefined) return line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // not Linux: fall through to os.cpus()
  }
  return os.cpus()[0]?.model ?? 'unknown';
};

/** Reads the CPU model, core count, memory, Node.js version and kernel. */
export const describeMachine = (): Machine => ({
  cpu: cpuModel(),
  cores: os.availableParallelism(),
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  node: process.version,
  kernel: `${os.type()} ${os.release()}`,
});
