import { ContainerModule } from 'inversify';
import { commerceArea, type CommerceArea } from '@idv/core';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/** The commerce area (ARCHITECTURE §10): an organization's plans and its public profile by slug. */
export const commerce: Area<CommerceArea> = {
  services: TOKENS.CommerceArea,
  module: () =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.CommerceArea).toDynamicValue((context) => commerceArea(portsOf(context)));
    }),
};
