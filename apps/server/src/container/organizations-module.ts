import { ContainerModule } from 'inversify';
import { organizationsArea } from '@idv/core';
import type { AppConfig } from '../config/app-config.js';
import { resolveArea } from './bind-area.js';
import { TOKENS } from './tokens.js';

/** The organizations area: organizations, memberships and roles, invitations, audit trail, compliance records. */
export const organizationsModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.InvitationSettings).toConstantValue({ appUrl: config.appUrl, invitationTtlDays: config.invitationTtlDays });
    bind(TOKENS.OrganizationsArea).toResolvedValue(
      ...resolveArea(organizationsArea, {
        users: TOKENS.Users,
        organizations: TOKENS.Organizations,
        memberships: TOKENS.Memberships,
        invitations: TOKENS.Invitations,
        auditLog: TOKENS.AuditLog,
        nationalIds: TOKENS.NationalIds,
        nationalIdVault: TOKENS.NationalIdVault,
        inviteTokens: TOKENS.InviteTokens,
        unitOfWork: TOKENS.UnitOfWork,
        idpAdmin: TOKENS.IDP_CLIENT,
        analytics: TOKENS.Analytics,
        logger: TOKENS.Logger,
        devices: TOKENS.Devices,
        notifications: TOKENS.Notifications,
        background: TOKENS.BackgroundTasks,
        clock: TOKENS.Clock,
        ids: TOKENS.IdGenerator,
        settings: TOKENS.InvitationSettings,
        invitationThrottle: TOKENS.InvitationThrottle,
        paymentTransactions: TOKENS.PaymentTransactions,
        paymentSubscriptions: TOKENS.PaymentSubscriptions,
        paymentGateway: TOKENS.PaymentGateway,
      }),
    );
  });
