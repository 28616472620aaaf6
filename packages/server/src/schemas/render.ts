import { z } from 'zod';
import { pdfFormatSchema } from './format.js';
import { pdfOptionsSchema } from './pdf.js';
import { componentRef, pageComponentsSchema } from './page-components.js';

const dataObject = z.record(z.string(), z.unknown());

export const renderRequestSchema = z
  .object({
    template_id: z.string().min(1).max(200).optional(),
    html: z.string().optional(),
    data: dataObject.optional(),
    format: pdfFormatSchema.optional(),
    delivery: z.enum(['base64', 'url']).optional(),
    pdf: pdfOptionsSchema.optional(),
    header_component_id: componentRef
      .optional()
      .meta({ description: "The every-page header instead of the template's; null: none." }),
    footer_component_id: componentRef
      .optional()
      .meta({ description: "The every-page footer instead of the template's; null: none." }),
    first_page: pageComponentsSchema
      .optional()
      .meta({ description: "The first page's own header/footer; each key given replaces the template's." }),
    last_page: pageComponentsSchema
      .optional()
      .meta({ description: "The last page's own header/footer; each key given replaces the template's." }),
  })
  .meta({
    id: 'RenderRequest',
    examples: [
      { template_id: 'invoice', data: { number: 'INV-42', total: '€ 1,250.00' } },
      { html: '<h1>Hello {{name}}</h1>', data: { name: 'World' }, format: { preset: 'letter' }, delivery: 'base64' },
      {
        template_id: 'letter',
        data: { to: 'ACME SARL' },
        first_page: { header_component_id: 'comp_01J8Z3LETTERHEAD' },
        last_page: { footer_component_id: null },
      },
      {
        template_id: 'invoice',
        data: { number: 'INV-42' },
        pdf: { metadata: { author: 'ACME SARL' }, encryption: { user_password: 'open-sesame' } },
      },
    ],
  });
export type RenderRequest = z.infer<typeof renderRequestSchema>;

/** POST /render/async: a RenderRequest without `delivery` (the result is stored, as for `url`) plus `metadata`. */
export const asyncRenderRequestSchema = renderRequestSchema
  .omit({ delivery: true })
  .extend({
    metadata: dataObject.optional().meta({ description: 'Returned with the job as given; at most 4 KiB as JSON.' }),
    webhook_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .meta({
        description:
          'POSTed `{type: "render.succeeded" | "render.failed", data: <the job>}` when it ends, signed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the account\'s webhook secret; retried with backoff (6 attempts over 1 h 42 min) until a 2xx. Never to private addresses unless the server allows them.',
      }),
    // Refused rather than dropped: an async result is always stored and fetched by its URL.
    delivery: z.never().optional().meta({ description: 'Not taken: the result is stored as for `delivery: "url"`.' }),
  })
  .meta({ id: 'AsyncRenderRequest' });
export type AsyncRenderRequest = z.infer<typeof asyncRenderRequestSchema>;

const jobError = z.object({ type: z.string(), code: z.string(), message: z.string() });
export const renderJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
    template_id: z.string().nullable(),
    metadata: dataObject.nullable(),
    attempts: z.int(),
    url: z.string().optional(),
    expires_at: z.iso.datetime().optional(),
    size_bytes: z.int().optional(),
    duration_ms: z.int().optional(),
    error: jobError.optional(),
  })
  .meta({
    id: 'RenderJob',
    description: 'An async render: `url` and the rest once it succeeded, `error` once it failed.',
  });
export const acceptedJobSchema = z
  .object({ id: z.string(), status: z.literal('queued'), created_at: z.iso.datetime() })
  .meta({ id: 'AcceptedRenderJob' });

/**
 * The editor's preview: a RenderRequest plus unsaved header/footer choices, and the
 * HTML of a header or footer being edited (it wins over the component ID); binary answer only.
 */
export const previewRequestSchema = renderRequestSchema
  .omit({ delivery: true })
  .extend({
    header_html: z.string().optional(),
    footer_html: z.string().optional(),
  })
  .meta({ id: 'PreviewRequest' });
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** What the engine skipped or substituted: an image or stylesheet it could not load, a missing glyph… */
export const renderWarningSchema = z.object({ code: z.string(), message: z.string() }).meta({
  id: 'RenderWarning',
  description: 'Something the engine skipped or substituted; the PDF was still made.',
  examples: [{ code: 'resource_not_loaded', message: 'https://example.com/logo.png: HTTP 404' }],
});
const warnings = z
  .array(renderWarningSchema)
  .meta({ description: "The engine's warnings, at most 50; empty when there were none." });

export const renderBase64ResponseSchema = z
  .object({ pdf_base64: z.string(), size_bytes: z.int(), duration_ms: z.int(), warnings })
  .meta({ id: 'RenderBase64Response' });

export const renderUrlResponseSchema = z
  .object({ url: z.string(), expires_at: z.iso.datetime(), size_bytes: z.int(), duration_ms: z.int(), warnings })
  .meta({ id: 'RenderUrlResponse' });
