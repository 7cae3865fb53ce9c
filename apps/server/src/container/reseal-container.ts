import { Container, ContainerModule } from 'inversify';
import { resealNationalIds, type Logger } from '@idv/core';
import type { Persistence } from '@idv/adapters-persistence';
import type { AppConfig } from '../config/app-config.js';
import type { Observability } from '../observability/observability.js';
import { cryptoModule } from './crypto-module.js';
import { observabilityModule } from './observability-module.js';
import { persistenceModule } from './persistence-module.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/** What the reseal's container is built from. */
export interface ResealContainerInputs {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly persistence: Persistence;
  readonly observability: Observability;
}

/**
 * The composition of `npm run national-ids:reseal`: the database and the national-ID vault (its
 * current and previous keys), with no provider and no HTTP, since re-encrypting needs neither.
 *
 * @example
 * const reseal = buildResealContainer({ config, logger, persistence, observability }).get(TOKENS.ResealNationalIds);
 */
export const buildResealContainer = (inputs: ResealContainerInputs): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    observabilityModule(inputs.logger, inputs.observability),
    persistenceModule(inputs.persistence),
    cryptoModule(inputs.config),
    new ContainerModule(({ bind }) => {
      // The use case reads only its three ports, so only those need a binding here.
      bind(TOKENS.ResealNationalIds).toDynamicValue((context) => resealNationalIds(portsOf(context)));
    }),
  );
  return container;
};
