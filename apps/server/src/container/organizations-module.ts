import { ContainerModule } from 'inversify';
import { flexibleInvitationThrottle } from '@idv/adapters-rate-limit';
import { invitationJobHandlers, organizationsArea, type OrganizationsArea } from '@idv/core';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/**
 * The organizations area: organizations, memberships and roles, invitations (behind their throttles),
 * audit trail, compliance records.
 */
export const organizations: Area<OrganizationsArea> = {
  services: TOKENS.OrganizationsArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.InvitationSettings).toConstantValue({ appUrl: config.appUrl, invitationTtlDays: config.invitationTtlDays });
      bind(TOKENS.InvitationThrottle).toDynamicValue((context) =>
        flexibleInvitationThrottle(context.get(TOKENS.RateLimitStore), config.rateLimits.invitations, context.get(TOKENS.Logger)),
      );
      bind(TOKENS.OrganizationsArea).toDynamicValue((context) => organizationsArea(portsOf(context)));
      // The invitations' follow-ups (pushes to the invitee and the inviter), run by the durable queue's workers.
      bind(TOKENS.JobHandlers).toDynamicValue((context) => invitationJobHandlers(portsOf(context)));
    }),
};
