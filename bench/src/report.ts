import type { Figure } from './measure.js';
import type { Scenario } from './scenarios.js';

/** The report goes to stdout, nothing else does. */
export const say = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};

/** The median of the finite values (NaN when there are none). */
export const median = (values: readonly number[]): number => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** `1,234` / `1.23`, or `n/a` for a missing value. */
export const formatNumber = (value: number | undefined, digits = 0): string =>
  value === undefined || !Number.isFinite(value)
    ? 'n/a'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const pad = (text: string, width: number): string => (text.length >= width ? text : ' '.repeat(width - text.length) + text);

const COLUMNS = [
  'req/s',
  'p50 ms',
  'p99 ms',
  'CPU µs/req',
  'syscalls/req',
  'PG µs/req',
  'driver µs/req',
  'box CPU %',
  'peak RSS MB',
  'non-2xx',
] as const;
const WIDTHS = [9, 8, 8, 11, 13, 10, 14, 10, 12, 8] as const;
const SCENARIO_WIDTH = 50;
const SERVER_WIDTH = 22;

const cells = (values: readonly string[]): string => values.map((value, index) => pad(value, WIDTHS[index]!)).join(' ');

const notes = (figure: Figure): string =>
  [
    figure.errors > 0 ? `${figure.errors} connection errors` : '',
    figure.exhausted ? `supply used up after ${figure.seconds.toFixed(1)} s` : '',
    figure.repeated > 0 ? `${figure.repeated} requests repeated` : '',
  ]
    .filter((note) => note !== '')
    .join('; ');

/** The header of the per-window lines. */
export const windowHeader = (): string => `${'round scenario'.padEnd(6 + 17)} ${'server'.padEnd(SERVER_WIDTH)} ${cells(COLUMNS)}`;

/** One line per measured window, printed as it happens. */
export const windowLine = (figure: Figure): string => {
  const note = notes(figure);
  return `${String(figure.round).padStart(5)} ${figure.scenario.padEnd(16)} ${figure.server.padEnd(SERVER_WIDTH)} ${cells([
    formatNumber(figure.rps),
    formatNumber(figure.p50Ms, 2),
    formatNumber(figure.p99Ms, 2),
    formatNumber(figure.cpuUsPerRequest),
    formatNumber(figure.syscallsPerRequest, 1),
    formatNumber(figure.pgCpuUsPerRequest),
    formatNumber(figure.driverCpuUsPerRequest),
    formatNumber(figure.machineBusyPercent),
    formatNumber(figure.peakRssMb),
    formatNumber(figure.non2xx),
  ])}${note === '' ? '' : `  (${note})`}`;
};

const of = (figures: readonly Figure[], scenario: string, server: string): Figure[] =>
  figures.filter((figure) => figure.scenario === scenario && figure.server === server);

/** Medians across rounds, one row per scenario and server. */
export const summaryTable = (options: {
  readonly title: string;
  readonly figures: readonly Figure[];
  readonly servers: readonly string[];
  readonly scenarios: readonly Scenario[];
  readonly unavailable: readonly string[];
}): string[] => {
  const lines = [options.title, `${'scenario'.padEnd(SCENARIO_WIDTH)} ${'server'.padEnd(SERVER_WIDTH)} ${cells(COLUMNS)}`];
  for (const scenario of options.scenarios) {
    if (options.unavailable.includes(scenario.key)) {
      lines.push(`${scenario.title.padEnd(SCENARIO_WIDTH)} not available (no organizations seeded)`);
      continue;
    }
    options.servers.forEach((server, index) => {
      const rows = of(options.figures, scenario.key, server);
      const optional = (values: readonly (number | undefined)[]): string =>
        values.every((value) => value === undefined) ? 'n/a' : formatNumber(median(values.map((value) => value ?? Number.NaN)));
      lines.push(
        `${(index === 0 ? scenario.title : '').padEnd(SCENARIO_WIDTH)} ${server.padEnd(SERVER_WIDTH)} ${cells([
          formatNumber(median(rows.map((row) => row.rps))),
          formatNumber(median(rows.map((row) => row.p50Ms)), 2),
          formatNumber(median(rows.map((row) => row.p99Ms)), 2),
          formatNumber(median(rows.map((row) => row.cpuUsPerRequest))),
          formatNumber(median(rows.map((row) => row.syscallsPerRequest)), 1),
          optional(rows.map((row) => row.pgCpuUsPerRequest)),
          optional(rows.map((row) => row.driverCpuUsPerRequest)),
          formatNumber(median(rows.map((row) => row.machineBusyPercent))),
          formatNumber(Math.max(...rows.map((row) => row.peakRssMb))),
          formatNumber(rows.reduce((sum, row) => sum + row.non2xx + row.errors, 0)),
        ])}`,
      );
    });
  }
  return lines;
};

/** Median over rounds of the per-round ratio `service req/s ÷ reference req/s`, with median p99s. */
const ratioCell = (figures: readonly Figure[], scenario: string, service: string, reference: string): string => {
  const mine = of(figures, scenario, service);
  const theirs = of(figures, scenario, reference);
  const ratios = mine.flatMap((row) => {
    const other = theirs.find((candidate) => candidate.round === row.round);
    return other === undefined ? [] : [row.rps / other.rps];
  });
  if (ratios.length === 0) return 'n/a';
  return `${formatNumber(median(ratios), 2)}×  p99 ${formatNumber(median(mine.map((row) => row.p99Ms)), 2)} vs ${formatNumber(median(theirs.map((row) => row.p99Ms)), 2)} ms`;
};

/** Every service figure as a ratio to each reference. */
export const ratioTable = (options: {
  readonly figures: readonly Figure[];
  readonly service: string;
  readonly references: readonly string[];
  readonly scenarios: readonly Scenario[];
  readonly unavailable: readonly string[];
}): string[] => {
  const width = 34;
  const lines = [
    `service ÷ reference (req/s, median of the per-round ratios; p99 service vs reference, medians)`,
    `${'scenario'.padEnd(SCENARIO_WIDTH)} ${options.references.map((reference) => `vs ${reference}`.padEnd(width)).join(' ')}`,
  ];
  for (const scenario of options.scenarios) {
    const row = options.unavailable.includes(scenario.key)
      ? options.references.map(() => 'n/a'.padEnd(width))
      : options.references.map((reference) => ratioCell(options.figures, scenario.key, options.service, reference).padEnd(width));
    lines.push(`${scenario.title.padEnd(SCENARIO_WIDTH)} ${row.join(' ')}`);
  }
  return lines;
};
