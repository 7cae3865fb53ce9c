import * as t from 'io-ts';
import { PageQuery, pageRequest } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { ownerlessJson, pageJson } from '../responses/json-views.js';
import { OwnerlessOrganizationView, pageOf } from '../responses/response-codecs.js';
import type { Route } from './route.js';

/** `?ownerless=true` (the one filter there is), with the usual `limit` and `cursor`. */
const OwnerlessQuery = t.intersection([t.type({ ownerless: t.literal('true') }), PageQuery], 'OwnerlessOrganizationsQuery');

/** A Platform Admin's routes across organizations: today, the organizations whose owner the provider deleted. */
export const adminRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/admin/organizations',
    query: OwnerlessQuery,
    doc: {
      summary: 'Organizations whose owner the provider deleted, longest ownerless first (Platform Admin)',
      description:
        'A Platform Admin (session claim `role: "platform_admin"`) gives each one an owner with `POST /organizations/:orgId/ownership-transfer`, which clears the mark.',
      tag: 'admin',
      responses: {
        200: { description: 'A page of ownerless organizations', body: pageOf(OwnerlessOrganizationView, 'OwnerlessOrganizationPage') },
      },
      errors: ['PlatformAdminOnly'],
    },
    handle: async ({ caller, query }) =>
      replyWith(await services.listOwnerlessOrganizations(caller, pageRequest(query))(), (page) => ok(pageJson(page, ownerlessJson))),
  }),
];
