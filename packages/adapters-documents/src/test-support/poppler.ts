import { execFileSync } from 'node:child_process';
import test, { type Implementation } from 'ava';

/** Whether poppler-utils' `pdftoppm` is installed (`.ci/run` installs it; a developer may not have). */
export const PDFTOPPM_AVAILABLE = ((): boolean => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The start of every title of a case skipped for want of `pdftoppm`, which `scripts/run-tests.mjs` counts. */
export const PDFTOPPM_NOT_RUN = 'pdftoppm not run';

/** Registers a case that needs `pdftoppm`, or reports it as not run: a skipped test, never a pass. */
export const withPdftoppm = (title: string, implementation: Implementation<[]>): void => {
  if (PDFTOPPM_AVAILABLE) test(title, implementation);
  else test.skip(`${PDFTOPPM_NOT_RUN} (install poppler-utils): ${title}`, (t) => t.fail('not run'));
};
