import { Container } from 'inversify';
import type { Clock, Logger } from '@idv/core';
import type { JobBoss } from '@idv/adapters-jobs';
import type { Persistence } from '@idv/adapters-persistence';
import { MEMORY_STORE, type RateLimitStore } from '@idv/adapters-rate-limit';
import type { AppConfig } from '../config/app-config.js';
import { applicationModule } from './application-module.js';
import { AREAS } from './areas.js';
import { cryptoModule } from './crypto-module.js';
import { idpModule } from './idp-module.js';
import { interimAgreementBindings } from './interim-agreement-bindings.js';
import { jobsModule } from './jobs-module.js';
import type { IdpSettings } from '../config/app-config.js';
import { observabilityModule } from './observability-module.js';
import type { Observability } from '../observability/observability.js';
import { persistenceModule } from './persistence-module.js';
import { rateLimitModule } from './rate-limit-module.js';
import { webhookDeliveryModule } from './webhook-delivery-module.js';

/** What the container is built from: resources opened before it (logger, database, provider settings). */
export interface ContainerInputs {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly persistence: Persistence;
  /** The started job queue on that database (`TOKENS.JobQueue` is built on it). */
  readonly jobs: JobBoss;
  readonly idp: IdpSettings;
  /** Error tracking, analytics and metrics, built before the database (which reports to the metrics). */
  readonly observability: Observability;
  /** Where the rate limiters count (`REDIS_URL`'s connection); this process's memory when omitted. */
  readonly rateLimitStore?: RateLimitStore;
  /** Where the use cases read the time; the system clock when omitted (tests move their own). */
  readonly clock?: Clock;
}

/**
 * The composition root: the only place that knows every package.
 *
 * @example
 * const app = buildContainer({ config, logger, persistence, jobs, idp, observability }).get(TOKENS.HttpApp);
 */
export const buildContainer = (inputs: ContainerInputs): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    observabilityModule(inputs.logger, inputs.observability, inputs.clock),
    idpModule(inputs.idp, inputs.observability),
    persistenceModule(inputs.persistence),
    jobsModule(inputs.jobs),
    cryptoModule(inputs.config),
    rateLimitModule(inputs.config, inputs.rateLimitStore ?? MEMORY_STORE),
    webhookDeliveryModule(inputs.config),
    interimAgreementBindings(),
    ...AREAS.map((area) => area.module(inputs.config)),
    applicationModule(inputs.config, inputs.observability),
  );
  return container;
};
