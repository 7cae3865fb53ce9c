import cliProgress from 'cli-progress';
import type { SyncProgress } from '@idv/core';

/** Shows a sync's progress: a bar on a terminal, plain lines otherwise (logs, CI, pipes). */
export interface ProgressReporter {
  readonly update: (progress: SyncProgress) => void;
  readonly stop: () => void;
}

const PHASE_LABEL: Record<SyncProgress['phase'], string> = {
  provider: 'provider users',
  local: 'local users checked',
};

const plainLines = (stream: NodeJS.WritableStream): ProgressReporter => ({
  update: ({ phase, done, total }) => void stream.write(`${PHASE_LABEL[phase]}: ${done}${total === null ? '' : `/${total}`}\n`),
  stop: () => undefined,
});

// The local phase has no known total: its bar shows only the count.
const terminalBar = (stream: NodeJS.WritableStream): ProgressReporter => {
  let bar: cliProgress.SingleBar | undefined;
  let phase: SyncProgress['phase'] | undefined;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return {
    update: (progress) => {
      if (progress.phase !== phase) {
        stop();
        phase = progress.phase;
        const format = progress.total === null ? `${PHASE_LABEL[progress.phase]} {value}` : `${PHASE_LABEL[progress.phase]} |{bar}| {value}/{total} {percentage}%`;
        bar = new cliProgress.SingleBar({ format, stream, hideCursor: true }, cliProgress.Presets.shades_classic);
        bar.start(progress.total ?? progress.done, 0);
      }
      if (progress.total !== null) bar?.setTotal(Math.max(progress.total, progress.done));
      bar?.update(progress.done);
    },
    stop,
  };
};

/** A progress bar when `stream` is a terminal, one plain line per page otherwise. */
export const progressReporter = (stream: NodeJS.WriteStream): ProgressReporter => (stream.isTTY ? terminalBar(stream) : plainLines(stream));
