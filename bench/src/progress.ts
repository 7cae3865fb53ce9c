/** A progress line on stderr (rewritten in place on a terminal), so stdout stays the report. */
export const progressLine = (label: string, total: number) => {
  const started = performance.now();
  const tty = process.stderr.isTTY === true;
  let lastShown = -1;
  const render = (done: number): string => {
    const perSecond = done / Math.max(0.001, (performance.now() - started) / 1000);
    return `  ${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${Math.round(perSecond).toLocaleString('en-US')}/s)`;
  };
  return {
    update: (done: number): void => {
      const tenth = Math.floor((done / Math.max(1, total)) * 10);
      if (tty) process.stderr.write(`\r${render(done)}`);
      else if (tenth !== lastShown) process.stderr.write(`${render(done)}\n`);
      lastShown = tenth;
    },
    done: (done: number): void => {
      if (tty) process.stderr.write(`\r${render(done)}\n`);
    },
  };
};
