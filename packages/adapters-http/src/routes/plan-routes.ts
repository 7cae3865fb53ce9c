import * as t from 'io-ts';
import { pageRequest } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, failure, ok, replyWith } from '../edge/reply.js';
import { validationFailed } from '../edge/validation-failed.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import { PlanBody, PlanChangesBody, PlanListQuery, PlanParams } from '../requests/commerce-requests.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { pageJson, planJson } from '../responses/json-views.js';
import { PlanView } from '../responses/commerce-views.js';
import { pageOf } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const PlanReply = t.type({ plan: PlanView }, 'PlanReply');

/** `POST|GET /organizations/:orgId/plans` and `PATCH …/plans/:planId`: what the organization sells. */
export const planRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/plans',
    params: OrganizationParams,
    body: PlanBody,
    doc: {
      summary: 'Create a plan (billing.manage)',
      description:
        'Off sale unless `onSale` is true. `grantsRole` is `member` or `coach`, never a role that manages the organization. `agreementTemplateIds` names the agreements a buyer must sign (may be empty).',
      tag: 'plans',
      responses: { 201: { description: 'Created', body: PlanReply } },
      errors: [...AUTHORIZATION_ERRORS, 'UnknownAgreementTemplates', 'MembershipChangedConcurrently'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.createPlan(caller, params.orgId, body)(), (plan) => created({ plan: planJson(plan) })),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/plans',
    params: OrganizationParams,
    query: PlanListQuery,
    doc: {
      summary: "The organization's plans, oldest first; archived ones with ?include=archived (billing.read)",
      tag: 'plans',
      responses: { 200: { description: 'A page of plans', body: pageOf(PlanView, 'PlanPage') } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(
        await services.listPlans(caller, params.orgId, { includeArchived: query.include === 'archived' }, pageRequest(query))(),
        (page) => ok(pageJson(page, planJson)),
      ),
  }),
  bearerEndpoint({
    method: 'patch',
    path: '/organizations/:orgId/plans/:planId',
    params: PlanParams,
    body: PlanChangesBody,
    doc: {
      summary: 'Change or archive a plan (billing.manage)',
      description:
        'Any field of the plan; `archived: true` archives it for good (off sale, off the public page, kept for the purchases that name it). An archived plan answers 409 PlanArchived to any change. A new price applies to later purchases only.',
      tag: 'plans',
      responses: { 200: { description: 'The plan', body: PlanReply } },
      errors: [...AUTHORIZATION_ERRORS, 'PlanNotFound', 'PlanArchived', 'UnknownAgreementTemplates', 'MembershipChangedConcurrently'],
    },
    handle: async ({ caller, params, body }) =>
      Object.keys(body).length === 0
        ? failure(validationFailed(['body: expected at least one field to change']))
        : replyWith(await services.updatePlan(caller, params.orgId, params.planId, body)(), (plan) => ok({ plan: planJson(plan) })),
  }),
];
