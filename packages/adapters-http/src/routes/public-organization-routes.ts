import type { HttpServices } from '../http-services.js';
import { publicEndpoint } from '../edge/public-endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { PublicOrganizationParams } from '../requests/commerce-requests.js';
import { publicProfileJson } from '../responses/json-views.js';
import { PublicProfileView } from '../responses/commerce-views.js';
import type { Route } from './route.js';

/** `GET /public/organizations/:slug`: an organization's public page, for visitors without an account. */
export const publicOrganizationRoutes = (services: HttpServices): readonly Route[] => [
  publicEndpoint({
    method: 'get',
    path: '/public/organizations/:slug',
    params: PublicOrganizationParams,
    doc: {
      summary: "An organization's public profile: its name and the plans on sale (public)",
      description:
        'No authentication; behind the public rate limiter. Never shows members, staff or any count. A deleted organization, or no such slug, answers 404.',
      tag: 'public',
      responses: { 200: { description: 'The public profile', body: PublicProfileView } },
      errors: ['OrganizationNotFound'],
    },
    handle: async ({ params }) => replyWith(await services.getPublicProfile(params.slug)(), (profile) => ok(publicProfileJson(profile))),
  }),
];
