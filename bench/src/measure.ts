import type { ServerChild } from './children.js';
import type { Driver, RequestPlan } from './drive.js';
import { cpuSeconds, ioSyscalls, machineCpuTicks, peakRssMb, postgresCpu, postgresCpuBetween } from './process-stats.js';

/** One measured window of one server. */
export interface Figure {
  readonly round: number;
  readonly scenario: string;
  readonly server: string;
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server process CPU (user + system, all threads) per response, µs. */
  readonly cpuUsPerRequest: number;
  /** Read and write system calls of the server process per response (see `ioSyscalls`). */
  readonly syscallsPerRequest: number;
  /** CPU of the PostgreSQL backends serving the database per response, µs; undefined on PGlite (it runs inside the service). */
  readonly pgCpuUsPerRequest: number | undefined;
  /** CPU of the driver (this process: autocannon) per response, µs; undefined with wrk. */
  readonly driverCpuUsPerRequest: number | undefined;
  /** How busy the whole machine was during the window, % of all cores. */
  readonly machineBusyPercent: number;
  /** The server's peak RSS so far (`VmHWM`), MB. */
  readonly peakRssMb: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly exhausted: boolean;
  readonly repeated: number;
}

/** Drives `child` with `plan` and reads its CPU (and PostgreSQL's) around the window. */
export const measureWindow = async (options: {
  readonly child: ServerChild;
  readonly plan: RequestPlan;
  readonly driver: Driver;
  readonly seconds: number;
  readonly connections: number;
  readonly round: number;
  readonly scenario: string;
  /** The PostgreSQL database whose backends' CPU to read; undefined on PGlite. */
  readonly postgresDatabase: string | undefined;
}): Promise<Figure> => {
  const { child } = options;
  const machineBefore = machineCpuTicks();
  const driverBefore = process.cpuUsage();
  const cpuBefore = cpuSeconds(child.pid);
  const syscallsBefore = ioSyscalls(child.pid);
  const database = options.postgresDatabase;
  const pgBefore = database === undefined ? undefined : postgresCpu(database);
  const result = await options.driver.run(child.url, options.plan, options.seconds, options.connections);
  const cpu = cpuSeconds(child.pid) - cpuBefore;
  const syscalls = ioSyscalls(child.pid) - syscallsBefore;
  const driverUsage = process.cpuUsage(driverBefore);
  const machineAfter = machineCpuTicks();
  const pg = database === undefined || pgBefore === undefined ? undefined : postgresCpuBetween(pgBefore, postgresCpu(database));
  const perRequest = (seconds: number): number => (result.requests > 0 ? (seconds * 1e6) / result.requests : Number.NaN);
  return {
    round: options.round,
    scenario: options.scenario,
    server: child.name,
    requests: result.requests,
    seconds: result.seconds,
    rps: result.requests / result.seconds,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    cpuUsPerRequest: perRequest(cpu),
    syscallsPerRequest: result.requests > 0 ? syscalls / result.requests : Number.NaN,
    pgCpuUsPerRequest: pg === undefined ? undefined : perRequest(pg),
    driverCpuUsPerRequest: options.driver.inProcess ? perRequest((driverUsage.user + driverUsage.system) / 1e6) : undefined,
    machineBusyPercent: (100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total),
    peakRssMb: peakRssMb(child.pid),
    non2xx: result.non2xx,
    errors: result.errors,
    exhausted: result.exhausted,
    repeated: result.repeated,
  };
};
