import cliProgress from 'cli-progress';
import type { ResealProgress, SyncProgress } from '@idv/core';

/** Where a script's run stands: its phase, what it has looked at so far, and the total when known. */
export interface ScriptProgress<Phase extends string> {
  readonly phase: Phase;
  readonly done: number;
  readonly total: number | null;
}

/** Shows a script's progress: a bar on a terminal, plain lines otherwise (logs, CI, pipes). */
export interface ProgressReporter<Phase extends string> {
  readonly update: (progress: ScriptProgress<Phase>) => void;
  readonly stop: () => void;
}

/** How each phase of a script is named on its progress line. */
export type PhaseLabels<Phase extends string> = Readonly<Record<Phase, string>>;

/** `npm run sync:users`'s phases. */
export const SYNC_PHASE_LABELS: PhaseLabels<SyncProgress['phase']> = {
  provider: 'provider users',
  local: 'local users checked',
};

/** `npm run national-ids:reseal`'s one phase. */
export const RESEAL_PHASE_LABELS: PhaseLabels<ResealProgress['phase']> = {
  reseal: 'national IDs looked at',
};

const plainLines = <Phase extends string>(stream: NodeJS.WritableStream, labels: PhaseLabels<Phase>): ProgressReporter<Phase> => ({
  update: ({ phase, done, total }) => void stream.write(`${labels[phase]}: ${done}${total === null ? '' : `/${total}`}\n`),
  stop: () => undefined,
});

// A phase with no known total: its bar shows only the count.
const terminalBar = <Phase extends string>(stream: NodeJS.WritableStream, labels: PhaseLabels<Phase>): ProgressReporter<Phase> => {
  let bar: cliProgress.SingleBar | undefined;
  let phase: Phase | undefined;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return {
    update: (progress) => {
      if (progress.phase !== phase) {
        stop();
        phase = progress.phase;
        const format =
          progress.total === null ? `${labels[progress.phase]} {value}` : `${labels[progress.phase]} |{bar}| {value}/{total} {percentage}%`;
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
export const progressReporter = <Phase extends string>(stream: NodeJS.WriteStream, labels: PhaseLabels<Phase>): ProgressReporter<Phase> =>
  stream.isTTY ? terminalBar(stream, labels) : plainLines(stream, labels);
