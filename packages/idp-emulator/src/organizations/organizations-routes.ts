import Router from '@koa/router';
import { notFound, paramInvalid } from '../http/api-error.js';
import { optionalInt, optionalObject, optionalString, readBody, requiredString } from '../http/fields.js';
import { sendJson } from '../http/respond.js';
import { newId } from '../support/ids.js';
import type { EmulatorState } from '../emulator-state.js';

const slugify = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Admin API: create and read organizations (the Organization object of reference §5.2). */
export const organizationsRoutes = (state: EmulatorState): Router => {
  const router = new Router();

  router.post('/v1/organizations', (ctx) => {
    const body = readBody(ctx);
    const name = requiredString(body, 'name');
    if (name.length > 256) throw paramInvalid('name', 'name must be at most 256 characters.');
    const slug = optionalString(body, 'slug') ?? `${slugify(name)}-${Math.floor(state.clock.now() % 1e6)}`;
    if (!/^[a-z0-9-]+$/.test(slug)) throw paramInvalid('slug');
    const at = state.clock.tick();
    const organization = {
      object: 'organization',
      id: newId('org'),
      name,
      slug,
      image_url: 'https://www.gravatar.com/avatar?d=identicon',
      has_image: false,
      members_count: optionalString(body, 'created_by') ? 1 : 0,
      missing_member_with_elevated_permissions: false,
      pending_invitations_count: 0,
      max_allowed_memberships: optionalInt(body, 'max_allowed_memberships', 0, 1_000_000) ?? 0,
      admin_delete_enabled: true,
      public_metadata: optionalObject(body, 'public_metadata') ?? {},
      private_metadata: optionalObject(body, 'private_metadata') ?? {},
      created_by: optionalString(body, 'created_by') ?? null,
      created_at: at,
      updated_at: at,
      last_active_at: at,
      role_set_key: optionalString(body, 'role_set_key') ?? null,
    };
    state.organizations.set(organization.id, organization);
    sendJson(ctx, 200, organization);
  });

  router.get('/v1/organizations/:id', (ctx) => {
    const id = ctx.params['id'] ?? '';
    const organization = state.organizations.get(id);
    if (organization === undefined) throw notFound(`No organization was found with id ${id}`);
    sendJson(ctx, 200, organization);
  });

  return router;
};
