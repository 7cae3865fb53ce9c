const pending = new Set<() => Promise<void>>();

/** Registers work that must happen even on Ctrl-C (stopping children, dropping scratch databases); returns its removal. */
export const registerCleanup = (work: () => Promise<void>): (() => void) => {
  pending.add(work);
  return () => pending.delete(work);
};

/** On SIGINT/SIGTERM: run every registered cleanup (newest first), then exit 130. */
export const cleanUpOnSignals = (): void => {
  const handler = (): void => {
    process.stderr.write('\ninterrupted: stopping servers and dropping scratch databases\n');
    void [...pending]
      .reverse()
      .reduce((chain, work) => chain.then(() => work().catch(() => undefined)), Promise.resolve())
      .then(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
};
