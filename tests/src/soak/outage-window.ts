/** How a soak takes its database away and back (the private PostgreSQL cluster). */
export interface DatabaseOutage {
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** When the database was away, as the workload's progress decided. */
export interface OutageWindow {
  /** The hook the workload calls after each operation: stops at 40 % of them, starts `lasting` operations later. */
  onProgress(done: number): Promise<void>;
  /**
   * Whether a request in flight from `from` to `to` (ms) overlapped the outage: from the moment the
   * stop was asked for until the restarted server accepted connections.
   */
  overlaps(from: number, to: number): boolean;
  /** Its length in ms (0 without an outage). */
  lengthMs(): number;
}

/** The outage window of a run of `total` operations; none when `outage` is undefined. */
export const outageWindow = (outage: DatabaseOutage | undefined, total: number, lasting: number): OutageWindow => {
  let begunAt: number | undefined;
  let endedAt: number | undefined;
  let stopping: Promise<void> = Promise.resolve();
  const stopAt = Math.floor(total * 0.4);
  const startAt = Math.min(stopAt + lasting, total);
  return {
    onProgress: async (done) => {
      if (outage === undefined) return;
      if (done === stopAt) {
        begunAt = Date.now();
        stopping = outage.stop();
        await stopping;
      } else if (done === startAt) {
        await stopping;
        await outage.start();
        endedAt = Date.now();
      }
    },
    overlaps: (from, to) => begunAt !== undefined && to >= begunAt && from <= (endedAt ?? Number.POSITIVE_INFINITY),
    lengthMs: () => (begunAt === undefined ? 0 : (endedAt ?? Date.now()) - begunAt),
  };
};
