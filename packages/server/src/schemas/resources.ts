import { z } from 'zod';
import { renderWarningSchema } from './render.js';
import { pdfFormatSchema } from './format.js';
import { templatePdfOptionsSchema } from './pdf.js';
import { componentRef, pageComponentsSchema } from './page-components.js';

const name = z.string().trim().min(1).max(200);
const componentType = z.enum(['header', 'footer', 'block']);
const object = z.record(z.string(), z.unknown());
const dateTime = z.iso.datetime();

export const createTemplateSchema = z
  .object({
    name,
    html: z.string().optional(),
    plain_text: z.string().optional(),
    pdf_format: pdfFormatSchema.optional(),
    pdf_options: templatePdfOptionsSchema.optional(),
    sample_data: object.optional(),
    header_component_id: componentRef.optional(),
    footer_component_id: componentRef.optional(),
    first_page: pageComponentsSchema
      .optional()
      .meta({ description: "The first page's own header/footer (replaced as a whole on update; `{}` removes them)." }),
    last_page: pageComponentsSchema
      .optional()
      .meta({ description: "The last page's own header/footer (replaced as a whole on update; `{}` removes them)." }),
  })
  .meta({
    id: 'CreateTemplate',
    examples: [
      {
        name: 'Invoice',
        html: '<h1>Invoice {{number}}</h1><p>Total: {{total}}</p>',
        pdf_format: { preset: 'a4', margins: { top: '25mm' } },
        sample_data: { number: 'INV-42', total: '€ 1,250.00' },
      },
    ],
  });
export const updateTemplateSchema = createTemplateSchema.partial().meta({ id: 'UpdateTemplate' });

export const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    html: z.string(),
    plain_text: z.string(),
    pdf_format: pdfFormatSchema,
    pdf_options: templatePdfOptionsSchema,
    sample_data: object,
    header_component_id: z.string().nullable(),
    footer_component_id: z.string().nullable(),
    first_page: pageComponentsSchema,
    last_page: pageComponentsSchema,
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'Template' });

export const createComponentSchema = z
  .object({ name, type: componentType, html: z.string().optional(), preview: z.string().max(10_000).optional() })
  .meta({
    id: 'CreateComponent',
    examples: [
      {
        name: 'Page footer',
        type: 'footer',
        html: '<div style="text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
      },
    ],
  });
export const updateComponentSchema = createComponentSchema.partial().meta({ id: 'UpdateComponent' });
export const componentQuerySchema = z.object({ type: componentType.optional() });

export const componentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: componentType,
    html: z.string(),
    preview: z.string(),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'Component' });

export const deletedSchema = z.object({ deleted: z.boolean() }).meta({ id: 'Deleted' });

const permission = z.enum(['full_access', 'render_only']);
export const createApiKeySchema = z.object({ name, permission: permission.optional() }).meta({ id: 'CreateApiKey' });
export const apiKeySchema = z
  .object({ id: z.string(), name: z.string(), prefix: z.string(), permission, created_at: dateTime })
  .meta({ id: 'ApiKey' });
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });

/** `limit` must be an integer ≥ 1; above 100 it is clamped (DECISIONS.md). */
export const logsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be an integer.')
    // Clamped before the integer check: 10^20 is an integer above 100, not an unsafe number.
    .transform((digits) => Math.min(Number(digits), 100))
    .pipe(z.int().min(1))
    .optional(),
  cursor: z.string().max(500).optional(),
  status: z.enum(['success', 'error']).optional(),
  template_id: z.string().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const pdfLogSchema = z
  .object({
    id: z.string(),
    template_id: z.string().nullable(),
    template_name: z.string().nullable(),
    api_key_id: z.string().nullable(),
    status: z.enum(['success', 'error']),
    duration_ms: z.int(),
    size_bytes: z.int().nullable(),
    error: z.string().optional(),
    warnings: z
      .array(renderWarningSchema)
      .optional()
      .meta({ description: "The engine's warnings of a successful render; absent when there were none." }),
    created_at: dateTime,
  })
  .meta({ id: 'PdfLog' });
export const logsPageSchema = z
  .object({ data: z.array(pdfLogSchema), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .meta({ id: 'CursorPaginatedLogs' });

export const statsQuerySchema = z.object({ period: z.enum(['1h', '24h', '7d', '30d']).optional() });
export const statsSchema = z
  .object({
    templates: z.int(),
    total_renders: z.int(),
    success_rate: z.int().min(0).max(100),
    avg_duration_ms: z.int(),
    total_size_bytes: z.int(),
  })
  .meta({ id: 'Stats' });

export const credentialsSchema = z
  .object({ email: z.email().max(320), password: z.string().min(8, 'Passwords need at least 8 characters.').max(1000) })
  .meta({ id: 'Credentials' });
export const passwordChangeSchema = z
  .object({
    current_password: z.string().min(1).max(1000),
    new_password: z.string().min(8, 'Passwords need at least 8 characters.').max(1000),
  })
  .meta({ id: 'PasswordChange' });
export const userSchema = z.object({ id: z.string(), email: z.string(), created_at: dateTime }).meta({ id: 'User' });
export const userResponseSchema = z.object({ user: userSchema }).meta({ id: 'UserResponse' });

export const errorSchema = z
  .object({
    error: z.object({
      type: z.enum([
        'authentication_error',
        'invalid_request_error',
        'not_found_error',
        'rate_limit_error',
        'api_error',
      ]),
      code: z.string(),
      message: z.string(),
      param: z.string().optional(),
    }),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        error: {
          type: 'invalid_request_error',
          code: 'invalid_parameter',
          message: 'format.margins.top must be a non-negative CSS length such as "20mm"; got "wide".',
          param: 'format.margins.top',
        },
      },
    ],
  });
