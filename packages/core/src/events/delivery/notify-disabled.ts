import { notifyUser } from '../../devices/push.js';
import type { OrganizationId } from '../../organization/organization.js';
import { MAX_PAGE_LIMIT } from '../../shared/pagination.js';
import type { DisabledReason, WebhookEndpoint } from '../webhook-endpoint.js';
import type { DeliveryPorts } from './delivery-ports.js';

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return 'the endpoint';
  }
};

/**
 * Tells the organization's active owner and admins (push) that the service disabled one of its
 * endpoints, and why. A push that fails is logged; the endpoint stays disabled.
 */
export const notifyEndpointDisabled = async (
  deps: Pick<DeliveryPorts, 'memberships' | 'devices' | 'notifications' | 'logger' | 'jobQueue' | 'clock' | 'pushSettings'>,
  endpoint: WebhookEndpoint,
  reason: DisabledReason,
): Promise<void> => {
  const organizationId = endpoint.organizationId as OrganizationId;
  deps.logger.warn({ organizationId, endpointId: endpoint.id, reason }, 'webhook endpoint disabled');
  const roster = await deps.memberships.listForOrganization(organizationId, { includeCancelled: false }, { limit: MAX_PAGE_LIMIT });
  const managers = roster.items.filter((m) => m.status === 'active' && (m.role === 'owner' || m.role === 'admin') && m.userId !== null);
  for (const manager of managers) {
    if (manager.userId === null) continue;
    await notifyUser(deps)(manager.userId, {
      kind: 'webhook_endpoint.disabled',
      organizationId,
      endpointId: endpoint.id,
      endpointHost: hostOf(endpoint.url),
      reason,
    }).catch((error: unknown) =>
      deps.logger.warn(
        { endpointId: endpoint.id, error: error instanceof Error ? error.message : String(error) },
        'disabled-endpoint push failed',
      ),
    );
  }
};
