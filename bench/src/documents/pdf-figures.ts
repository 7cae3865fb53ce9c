import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { formatNumber, say } from '../report.js';

interface WorkerReport {
  readonly pages: number;
  readonly bytes: number;
  readonly firstMs: number;
  readonly timesMs: readonly number[];
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
  readonly rssAfterMb: number;
  readonly vmHwmMb: number;
  readonly gcExposed: boolean;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
const percentile = (sorted: readonly number[], share: number): number => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;

/**
 * Compliance PDFs: the time to render a 3-page agreement (p50/p99 of 100 renderings after a
 * warm-up) and the renderer's RSS before, at its peak and after 100 in a row, measured in a process
 * of its own. Prints figures, asserts nothing.
 */
export const reportPdfFigures = async (): Promise<void> => {
  const worker = new URL('./pdf-render-worker.js', import.meta.url);
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', worker.pathname]);
  const report = JSON.parse(stdout) as WorkerReport;
  const sorted = [...report.timesMs].sort((a, b) => a - b);
  say();
  say(
    `## Compliance PDFs (pdfkit, embedded DejaVu Sans; a ${report.pages}-page Turkish agreement with a drawn signature, ${formatNumber(report.bytes / 1024)} KB)`,
  );
  say(
    `render time over ${report.timesMs.length} in a row after a warm-up: p50 ${formatNumber(percentile(sorted, 0.5), 1)} ms, ` +
      `p99 ${formatNumber(percentile(sorted, 0.99), 1)} ms, max ${formatNumber(sorted.at(-1), 1)} ms ` +
      `(the process's first, fonts read and parsed: ${formatNumber(report.firstMs, 0)} ms)`,
  );
  say(
    `renderer RSS: ${formatNumber(report.rssBeforeMb, 1)} MB before, ${formatNumber(report.peakRssMb, 1)} MB at the peak while rendering, ` +
      `${formatNumber(report.rssAfterMb, 1)} MB after (${formatNumber(report.rssAfterMb - report.rssBeforeMb, 1)} MB growth` +
      `${report.gcExposed ? ', both after a full GC' : ''}); process peak (VmHWM) ${formatNumber(report.vmHwmMb, 1)} MB`,
  );
};
