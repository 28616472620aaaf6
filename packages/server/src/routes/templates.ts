import type { H3 } from 'h3';
import type { AppDeps } from '../deps.js';
import { requireAuth, type Accepts } from '../http/auth.js';
import { readJson, validate } from '../http/read-body.js';
import { resource } from '../http/resource.js';
import { created, found, idParam, jsonArrayResponse } from '../http/respond.js';
import { checkFieldBytes, templateQuota } from '../quotas.js';
import { checkFormat } from '../render/format.js';
import type { RenderService } from '../render/render-service.js';
import { createTemplateSchema, updateTemplateSchema } from '../schemas/resources.js';

/** Templates, components, logs and stats take full_access keys and sessions. */
export const DASHBOARD: Accepts = { key: 'full_access', session: true };

/** /api/v1/templates: CRUD with `{id}` as ID or slug, plus duplicate. */
export function registerTemplateRoutes(app: H3, deps: AppDeps, service: RenderService): void {
  const { templates } = deps;
  resource(app, '/api/v1/templates', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      return jsonArrayResponse(await templates.ids(userId), (id) => templates.get(userId, id));
    },
    POST: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const input = validate(createTemplateSchema, await readJson(event, deps.config));
      if (input.pdf_format) checkFormat(input.pdf_format, 'pdf_format');
      await service.checkChrome(userId, input);
      checkFieldBytes(deps.config, { html: input.html, plain_text: input.plain_text });
      const plain_text = input.plain_text ?? (await deps.text.plainText(input.html ?? ''));
      return created(
        event,
        await templates.create(userId, { ...input, plain_text }, templateQuota(deps, userId, true)),
      );
    },
  });
  resource(app, '/api/v1/templates/:id', {
    GET: async (event) =>
      found(await templates.get((await requireAuth(event, deps, DASHBOARD)).userId, idParam(event)), 'Template'),
    PUT: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      const input = validate(updateTemplateSchema, await readJson(event, deps.config));
      found(await templates.get(userId, idParam(event)), 'Template');
      if (input.pdf_format) checkFormat(input.pdf_format, 'pdf_format');
      await service.checkChrome(userId, input);
      checkFieldBytes(deps.config, { html: input.html, plain_text: input.plain_text });
      const plain_text =
        input.plain_text ?? (input.html === undefined ? undefined : await deps.text.plainText(input.html));
      return found(
        await templates.update(userId, idParam(event), { ...input, plain_text }, templateQuota(deps, userId, false)),
        'Template',
      );
    },
    DELETE: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      return { deleted: found((await templates.delete(userId, idParam(event))) || null, 'Template') };
    },
  });
  resource(app, '/api/v1/templates/:id/duplicate', {
    POST: async (event) => {
      const { userId } = await requireAuth(event, deps, DASHBOARD);
      return created(
        event,
        found(await templates.duplicate(userId, idParam(event), templateQuota(deps, userId, true)), 'Template'),
      );
    },
  });
}
