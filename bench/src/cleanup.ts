const pending = new Set<() => Promise<void>>();

/** Registers work that must happen even on Ctrl-C (stopping children, dropping scratch databases); returns its removal. */
export const registerCleanup = (work: () => Promise<void>): (() => void) => {
  pending.add(work);
  return () => pending.delete(work);
};

/**
 * On SIGINT/SIGTERM, or when stdout goes away (`npm run bench | head`): run every registered cleanup
 * (newest first), then exit 130. Children still alive at exit are killed by `startServerChild`.
 */
export const cleanUpOnSignals = (): void => {
  let running = false;
  const handler = (): void => {
    if (running) return;
    running = true;
    process.stderr.write('\ninterrupted: stopping servers and dropping scratch databases\n');
    void [...pending]
      .reverse()
      .reduce((chain, work) => chain.then(() => work().catch(() => undefined)), Promise.resolve())
      .then(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  process.stdout.on('error', handler);
};
