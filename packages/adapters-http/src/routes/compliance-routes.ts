import * as t from 'io-ts';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { NationalIdField } from '../requests/commerce-requests.js';
import { noContent, ok, replyWith } from '../edge/reply.js';
import { MemberParams } from '../requests/organization-requests.js';
import { membershipJson } from '../responses/json-views.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import { MembershipView } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const NationalIdBody = t.type({ nationalId: NationalIdField }, 'NationalIdBody');

/**
 * National IDs (spec item 8): `PUT /users/me/national-id` stores it encrypted and never echoes it;
 * only the staff-authorized compliance record (`compliance.read`) returns it.
 */
export const complianceRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'put',
    path: '/users/me/national-id',
    body: NationalIdBody,
    doc: {
      summary: "Set the caller's national ID (stored encrypted, never echoed)",
      tag: 'compliance',
      responses: { 204: { description: 'Stored' } },
      errors: ['UserNotFound'],
    },
    handle: async ({ caller, body }) => replyWith(await services.setNationalId(caller, body.nationalId)(), noContent),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/members/:membershipId/compliance',
    params: MemberParams,
    doc: {
      summary:
        "An active or suspended member's compliance record, with the national ID (compliance.read; every read is audited as compliance.read)",
      tag: 'compliance',
      responses: {
        200: {
          description: 'The record',
          body: t.type({ membership: MembershipView, email: t.union([t.string, t.null]), nationalId: t.string }, 'ComplianceRecord'),
        },
      },
      errors: [...AUTHORIZATION_ERRORS, 'MembershipNotFound', 'NationalIdNotSet', 'NationalIdMismatch'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.readComplianceRecord(caller, params.orgId, params.membershipId)(), ({ membership, email, nationalId }) =>
        ok({ membership: membershipJson(membership), email, nationalId }),
      ),
  }),
];
