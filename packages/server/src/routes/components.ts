import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { requireAuth } from '../http/auth.js';
import { queryObject, readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { created, found, idParam } from '../http/respond.js';
import { componentQuerySchema, createComponentSchema, updateComponentSchema } from '../schemas/resources.js';
import { DASHBOARD } from './templates.js';

/** /api/v1/components: CRUD with a `type` filter; deletion detaches it from templates. */
export function registerComponentRoutes(app: H3, deps: AppDeps): void {
  const { components } = deps;
  resource(app, '/api/v1/components', {
    GET: (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      const query = validate(componentQuerySchema, queryObject(event));
      return components.list(userId, query.type);
    },
    POST: async (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      const input = validate(createComponentSchema, await readJson(event, deps.config));
      const preview = input.preview ?? (await deps.text.preview(input.html ?? ''));
      return created(event, components.create(userId, { ...input, preview }));
    },
  });
  resource(app, '/api/v1/components/:id', {
    GET: (event) => found(components.get(requireAuth(event, deps, DASHBOARD).userId, idParam(event)), 'Component'),
    PUT: async (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      const input = validate(updateComponentSchema, await readJson(event, deps.config));
      const preview = input.preview ?? (input.html === undefined ? undefined : await deps.text.preview(input.html));
      return found(components.update(userId, idParam(event), { ...input, preview }), 'Component');
    },
    DELETE: (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      return { deleted: found(components.delete(userId, idParam(event)) || null, 'Component') };
    },
  });
}
