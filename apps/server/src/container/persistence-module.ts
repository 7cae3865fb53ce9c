import { ContainerModule } from 'inversify';
import type { Persistence } from '@idv/adapters-persistence';
import { TOKENS } from './tokens.js';

/** Repositories, the unit of work and readiness of an opened database. */
export const persistenceModule = (persistence: Persistence): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.Users).toConstantValue(persistence.users);
    bind(TOKENS.Callers).toConstantValue(persistence.callers);
    bind(TOKENS.Organizations).toConstantValue(persistence.organizations);
    bind(TOKENS.Memberships).toConstantValue(persistence.memberships);
    bind(TOKENS.Invitations).toConstantValue(persistence.invitations);
    bind(TOKENS.AuditLog).toConstantValue(persistence.auditLog);
    bind(TOKENS.NationalIds).toConstantValue(persistence.nationalIds);
    bind(TOKENS.PaymentTransactions).toConstantValue(persistence.paymentTransactions);
    bind(TOKENS.PaymentInbox).toConstantValue(persistence.paymentInbox);
    bind(TOKENS.Devices).toConstantValue(persistence.devices);
    bind(TOKENS.PaymentSubscriptions).toConstantValue(persistence.paymentSubscriptions);
    bind(TOKENS.Plans).toConstantValue(persistence.plans);
    bind(TOKENS.IdempotencyRecords).toConstantValue(persistence.idempotencyRecords);
    bind(TOKENS.Purchases).toConstantValue(persistence.purchases);
    bind(TOKENS.EventLog).toConstantValue(persistence.eventLog);
    bind(TOKENS.WebhookEndpoints).toConstantValue(persistence.webhookEndpoints);
    bind(TOKENS.EventDeliveries).toConstantValue(persistence.eventDeliveries);
    bind(TOKENS.AgreementTemplates).toConstantValue(persistence.agreementTemplates);
    bind(TOKENS.Agreements).toConstantValue(persistence.agreements);
    bind(TOKENS.AgreementRenditions).toConstantValue(persistence.agreementRenditions);
    bind(TOKENS.UnitOfWork).toConstantValue(persistence.unitOfWork);
    bind(TOKENS.ReadinessCheck).toConstantValue(() => persistence.ping());
  });
