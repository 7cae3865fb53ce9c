import type { ContainerModule, ServiceIdentifier } from 'inversify';
import type { AppConfig } from '../config/app-config.js';

/**
 * An area of the service as the composition root sees it: one module that binds its use cases (under
 * `services`), the adapters and limiters only it uses, and its background jobs (under
 * `TOKENS.BackgroundJobs`). Its ports come from `portsOf`, so it names none of them.
 *
 * @example
 * export const devices: Area<DevicesArea> = {
 *   services: TOKENS.DevicesArea,
 *   module: (config) => new ContainerModule(({ bind }) => bind(TOKENS.DevicesArea).toDynamicValue((context) => devicesArea(portsOf(context)))),
 * };
 */
export interface Area<Services extends object> {
  /** The token of the area's use cases, which the HTTP app serves. */
  readonly services: ServiceIdentifier<Services>;
  readonly module: (config: AppConfig) => ContainerModule;
}

type ServicesOfArea<A> = A extends Area<infer Services> ? Services : never;
// (x: A) => void | (x: B) => void, read back as one parameter, is A & B.
type Intersection<Union> = (Union extends unknown ? (served: Union) => void : never) extends (served: infer Both) => void ? Both : never;

/** The use cases of every area of a list, as one record (what the HTTP app is given). */
export type ServicesOf<Areas extends readonly Area<object>[]> = Intersection<ServicesOfArea<Areas[number]>>;
