import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { invalidParameter } from '../errors.js';
import { requireAuth } from '../http/auth.js';
import { queryObject, readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { created, found, idParam, jsonArrayResponse } from '../http/respond.js';
import { checkFieldBytes, componentQuota } from '../quotas.js';
import { componentQuerySchema, createComponentSchema, updateComponentSchema } from '../schemas/resources.js';
import type { Component, ComponentType } from '../store/components.js';
import { DASHBOARD } from './templates.js';

/**
 * A header or footer that templates use cannot become another type: those templates would hold
 * an attachment that no longer validates, which the dashboard could not save. 400 naming them.
 */
async function checkRoleChange(
  deps: AppDeps,
  userId: string,
  component: Component,
  type: ComponentType,
): Promise<void> {
  if (type === component.type) return;
  const users = (await deps.templates.usingAsChrome(userId, component.id)).filter((t) => t.role !== type);
  if (users.length === 0) return;
  const named = users
    .slice(0, 5)
    .map((t) => `"${t.name}" (${t.role})`)
    .join(', ');
  const more = users.length > 5 ? ` and ${users.length - 5} more` : '';
  throw invalidParameter(
    'type',
    `Templates use this component as their header or footer: ${named}${more}. Detach it from them before changing its type.`,
  );
}

/** /api/v1/components: CRUD with a `type` filter; deletion detaches it from templates. */
export function registerComponentRoutes(app: H3, deps: AppDeps): void {
  const { components } = deps;
  resource(app, '/api/v1/components', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const query = validate(componentQuerySchema, queryObject(event));
      return jsonArrayResponse(await components.ids(userId, query.type), (id) => components.get(userId, id));
    },
    POST: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const input = validate(createComponentSchema, await readJson(event, deps.config));
      checkFieldBytes(deps.config, { html: input.html });
      const preview = input.preview ?? (await deps.text.preview(input.html ?? ''));
      return created(event, await components.create(userId, { ...input, preview }, componentQuota(deps, userId, true)));
    },
  });
  resource(app, '/api/v1/components/:id', {
    GET: async (event) =>
      found(await components.get((await requireAuth(event, deps, DASHBOARD)).userId, idParam(event)), 'Component'),
    PUT: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const input = validate(updateComponentSchema, await readJson(event, deps.config));
      if (input.type !== undefined)
        await checkRoleChange(
          deps,
          userId,
          found(await components.get(userId, idParam(event)), 'Component'),
          input.type,
        );
      checkFieldBytes(deps.config, { html: input.html });
      const preview = input.preview ?? (input.html === undefined ? undefined : await deps.text.preview(input.html));
      return found(
        await components.update(userId, idParam(event), { ...input, preview }, componentQuota(deps, userId, false)),
        'Component',
      );
    },
    DELETE: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      return { deleted: found((await components.delete(userId, idParam(event))) || null, 'Component') };
    },
  });
}
