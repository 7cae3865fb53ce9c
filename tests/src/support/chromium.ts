import { existsSync } from 'node:fs';
import test, { type Implementation } from 'ava';

/** Debian's Chromium, driven by playwright-core (nothing downloaded; `.ci/run` installs it with apt). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Whether Chromium is installed. */
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM_PATH);

/** The start of every title of a case skipped for want of Chromium, which `scripts/run-tests.mjs` counts. */
export const CHROMIUM_NOT_RUN = 'chromium not run';

/** Registers a case that needs a real browser, or reports it as not run: a skipped test, never a pass. */
export const withChromium = (title: string, implementation: Implementation<[]>): void => {
  if (CHROMIUM_AVAILABLE) test.serial(title, implementation);
  else test.skip(`${CHROMIUM_NOT_RUN} (install chromium): ${title}`, (t) => t.fail('not run'));
};
