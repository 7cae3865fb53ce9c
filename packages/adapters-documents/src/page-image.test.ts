import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPdfAgreementDocuments } from './pdf-agreement-documents.js';
import { signedAgreement } from './test-support/documents.js';
import { withPdftoppm } from './test-support/poppler.js';
import { decodePngToGrey } from './test-support/png-pixels.js';

const run = promisify(execFile);

withPdftoppm('page 1 renders to a PNG of an A4 page that is not blank (poppler reads what pdfkit wrote)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'idv-pdf-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'agreement.pdf'), await createPdfAgreementDocuments().render(signedAgreement()));
  const { stderr } = await run('pdftoppm', ['-f', '1', '-l', '1', '-r', '50', '-png', '-singlefile', 'agreement.pdf', 'page'], {
    cwd: dir,
  });
  t.is(stderr, '', 'poppler finds nothing wrong with the file');
  const image = decodePngToGrey(readFileSync(join(dir, 'page.png')));
  // A4 is 210 × 297 mm: at 50 dpi, about 413 × 585 pixels.
  t.is(image.height, 585);
  t.true(Math.abs(image.width - 413) <= 1, `${image.width} pixels wide`);
  const dark = image.pixels.filter((value) => value < 128).length / image.pixels.length;
  t.true(dark > 0.005, `ink covers ${(dark * 100).toFixed(2)}% of the page`);
  t.true(dark < 0.3, `ink covers ${(dark * 100).toFixed(2)}% of the page`);
});
