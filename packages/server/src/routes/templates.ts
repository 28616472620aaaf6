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
    GET: (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      return jsonArrayResponse(templates.ids(userId), (id) => templates.get(userId, id));
    },
    POST: async (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      const input = validate(createTemplateSchema, await readJson(event, deps.config));
      if (input.pdf_format) checkFormat(input.pdf_format, 'pdf_format');
      service.checkChrome(userId, input);
      checkFieldBytes(deps.config, { html: input.html, plain_text: input.plain_text });
      const plain_text = input.plain_text ?? (await deps.text.plainText(input.html ?? ''));
      return created(event, templates.create(userId, { ...input, plain_text }, templateQuota(deps, userId, true)));
    },
  });
  resource(app, '/api/v1/templates/:id', {
    GET: (event) => found(templates.get(requireAuth(event, deps, DASHBOARD).userId, idParam(event)), 'Template'),
    PUT: async (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      const input = validate(updateTemplateSchema, await readJson(event, deps.config));
      found(templates.get(userId, idParam(event)), 'Template');
      if (input.pdf_format) checkFormat(input.pdf_format, 'pdf_format');
      service.checkChrome(userId, input);
      checkFieldBytes(deps.config, { html: input.html, plain_text: input.plain_text });
      const plain_text = input.plain_text ?? (input.html === undefined ? undefined : await deps.text.plainText(input.html));
      return found(templates.update(userId, idParam(event), { ...input, plain_text }, templateQuota(deps, userId, false)), 'Template');
    },
    DELETE: (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      return { deleted: found(templates.delete(userId, idParam(event)) || null, 'Template') };
    },
  });
  resource(app, '/api/v1/templates/:id/duplicate', {
    POST: (event) => {
      const { userId } = requireAuth(event, deps, DASHBOARD);
      return created(event, found(templates.duplicate(userId, idParam(event), templateQuota(deps, userId, true)), 'Template'));
    },
  });
}
