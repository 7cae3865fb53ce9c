// A process of its own for the PDF figures, so that its RSS is the renderer's alone: renders the
// benchmark agreement after a warm-up, times each rendering, samples RSS, and prints one JSON line.
import { readFileSync } from 'node:fs';
import { createPdfAgreementDocuments } from '@idv/adapters-documents';
import { threePageAgreement } from './three-page-agreement.js';

const WARM_UP = 10;
const RENDERS = 100;

const mb = (bytes: number): number => bytes / 1024 / 1024;
const settledRssMb = (): number => {
  global.gc?.();
  return mb(process.memoryUsage.rss());
};
const vmHwmMb = (): number => Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN) / 1024;

const documents = createPdfAgreementDocuments();
const document = threePageAgreement();
const started = performance.now();
const first = await documents.render(document);
const firstMs = performance.now() - started;
for (let i = 1; i < WARM_UP; i += 1) await documents.render(document);

const rssBeforeMb = settledRssMb();
let peakRssMb = rssBeforeMb;
const timesMs: number[] = [];
for (let i = 0; i < RENDERS; i += 1) {
  const start = performance.now();
  await documents.render(document);
  timesMs.push(performance.now() - start);
  peakRssMb = Math.max(peakRssMb, mb(process.memoryUsage.rss()));
}
const rssAfterMb = settledRssMb();

process.stdout.write(
  `${JSON.stringify({
    pages: (
      Buffer.from(first)
        .toString('latin1')
        .match(/\/Type \/Page\b(?!s)/g) ?? []
    ).length,
    bytes: first.length,
    firstMs,
    timesMs,
    rssBeforeMb,
    peakRssMb,
    rssAfterMb,
    vmHwmMb: vmHwmMb(),
    gcExposed: typeof global.gc === 'function',
  })}\n`,
);
