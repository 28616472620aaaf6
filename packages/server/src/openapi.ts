import { z } from 'zod';
import { loginSchema } from './routes/auth.js';
import {
  acceptedJobSchema,
  asyncRenderRequestSchema,
  previewRequestSchema,
  renderBase64ResponseSchema,
  renderJobSchema,
  renderRequestSchema,
  renderUrlResponseSchema,
} from './schemas/render.js';
import * as r from './schemas/resources.js';

type Security = 'api_key' | 'session' | 'none';
interface Operation {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly path: string;
  /** operationId, for generated clients. */
  readonly id: string;
  readonly summary: string;
  readonly description: string;
  readonly security: readonly Security[];
  readonly body?: z.ZodType;
  readonly query?: z.ZodObject;
  /** status → registered schema, 'pdf' for application/pdf, or an array wrapper. */
  readonly ok: readonly [number, z.ZodType | 'pdf' | { readonly arrayOf: z.ZodType }];
  /** The errors particular to the route; those of its credentials and body are added by `statuses`. */
  readonly errors: readonly number[];
}

const DASH: Security[] = ['api_key', 'session'];
const SESSION: Security[] = ['session'];
const idPath = (p: string) => p.replace(':id', '{id}');

/** Every route, described once; the schemas are the ones the handlers validate with. */
const OPERATIONS: readonly Operation[] = [
  {
    method: 'post',
    path: '/api/v1/render',
    id: 'render',
    summary: 'Render a PDF (binary, base64 or signed URL)',
    description:
      "Renders a saved template (`template_id`, its ID or slug) or raw `html` with `data`. `format` overrides the template's `pdf_format` field by field. Without `delivery` the answer is the PDF itself; `base64` answers JSON with the PDF inline; `url` stores it behind a signed link valid for 24 hours. Every render is logged.",
    security: ['api_key'],
    body: renderRequestSchema,
    ok: [200, 'pdf'],
    errors: [404, 422, 504],
  },
  {
    method: 'post',
    path: '/api/v1/render/preview',
    id: 'previewRender',
    summary: 'Render an editor preview',
    description:
      "What the dashboard's live preview calls: like `/render` with a session, with unsaved header and footer choices; `data` defaults to the template's `sample_data`. Not logged.",
    security: SESSION,
    body: previewRequestSchema,
    ok: [200, 'pdf'],
    errors: [404, 422, 504],
  },
  {
    method: 'post',
    path: '/api/v1/render/async',
    id: 'renderAsync',
    summary: 'Queue a render',
    description:
      'Like `/render` without `delivery`: answers 202 with the job at once (`Location: /api/v1/render-jobs/{id}`); any node renders it and stores the PDF as for `delivery: "url"`. Validation errors answer at once, as for `/render`. A render whose node dies is retried (3 attempts); one that fails on its own is not. Each finished job writes one log row.',
    security: ['api_key'],
    body: asyncRenderRequestSchema,
    ok: [202, acceptedJobSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/render-jobs/:id',
    id: 'getRenderJob',
    summary: 'An async render',
    description:
      "Its status (`queued`, `running`, `succeeded`, `failed`); on success the signed `url`, `expires_at`, `size_bytes`, `duration_ms`; on failure `error`. Another account's job answers 404.",
    security: DASH,
    ok: [200, renderJobSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/webhook-secret',
    id: 'getWebhookSecret',
    summary: 'The webhook secret',
    description:
      "The account's Standard Webhooks secret (`whsec_…`), made on first use: check `webhook-signature` with it.",
    security: SESSION,
    ok: [200, z.object({ secret: z.string() })],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/webhook-secret/rotate',
    id: 'rotateWebhookSecret',
    summary: 'Rotate the webhook secret',
    description: 'A new secret; deliveries from now on are signed with it.',
    security: SESSION,
    ok: [200, z.object({ secret: z.string() })],
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/renders/:id',
    id: 'getStoredRender',
    summary: 'Download a stored render',
    description:
      'The PDF of a `delivery: "url"` render, by the signed `token` of its link; 404 once the link has expired.',
    security: ['none'],
    query: z.object({ token: z.string() }),
    ok: [200, 'pdf'],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/templates',
    id: 'listTemplates',
    summary: 'List templates',
    description: 'Every template of the account, oldest first.',
    security: DASH,
    ok: [200, { arrayOf: r.templateSchema }],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/templates',
    id: 'createTemplate',
    summary: 'Create a template',
    description:
      'The slug is made from the name, unique per account, and never changes. `plain_text` is derived from `html` unless given.',
    security: DASH,
    body: r.createTemplateSchema,
    ok: [201, r.templateSchema],
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/templates/:id',
    id: 'getTemplate',
    summary: 'Get a template',
    description: 'By ID or slug.',
    security: DASH,
    ok: [200, r.templateSchema],
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/v1/templates/:id',
    id: 'updateTemplate',
    summary: 'Update a template',
    description:
      'Changes the fields given, keeps the others; new `html` regenerates `plain_text` unless it is given too.',
    security: DASH,
    body: r.updateTemplateSchema,
    ok: [200, r.templateSchema],
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/templates/:id',
    id: 'deleteTemplate',
    summary: 'Delete a template',
    description: 'Its logs stay, with the name it had.',
    security: DASH,
    ok: [200, r.deletedSchema],
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/templates/:id/duplicate',
    id: 'duplicateTemplate',
    summary: 'Duplicate a template',
    description: 'A copy named `<name> (copy)` with a new slug and every other field copied.',
    security: DASH,
    ok: [201, r.templateSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/components',
    id: 'listComponents',
    summary: 'List components',
    description: 'Header, footer and block components of the account; `type` filters.',
    security: DASH,
    query: r.componentQuerySchema,
    ok: [200, { arrayOf: r.componentSchema }],
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/v1/components',
    id: 'createComponent',
    summary: 'Create a component',
    description:
      'A header or footer (repeated on every page; `pageNumber` and `totalPages` classes are filled in) or a block for `<svc-block id="…">`.',
    security: DASH,
    body: r.createComponentSchema,
    ok: [201, r.componentSchema],
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/components/:id',
    id: 'getComponent',
    summary: 'Get a component',
    description: 'By ID.',
    security: DASH,
    ok: [200, r.componentSchema],
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/v1/components/:id',
    id: 'updateComponent',
    summary: 'Update a component',
    description:
      'Changes the fields given. A header or footer that templates use cannot change `type` (400 naming them).',
    security: DASH,
    body: r.updateComponentSchema,
    ok: [200, r.componentSchema],
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/components/:id',
    id: 'deleteComponent',
    summary: 'Delete a component',
    description: 'Templates that used it as header or footer drop it; `<svc-block>` tags naming it render nothing.',
    security: DASH,
    ok: [200, r.deletedSchema],
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/logs',
    id: 'listLogs',
    summary: 'List render logs',
    description:
      'Newest first, in pages of `limit` (at most 100) with an opaque `next_cursor`; filters by status, template and time.',
    security: DASH,
    query: r.logsQuerySchema,
    ok: [200, r.logsPageSchema],
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/v1/stats',
    id: 'getStats',
    summary: 'Usage statistics',
    description: 'Renders, success rate, average duration and bytes over a period (all time without one).',
    security: DASH,
    query: r.statsQuerySchema,
    ok: [200, r.statsSchema],
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/v1/api-keys',
    id: 'listApiKeys',
    summary: 'List API keys',
    description: 'Names, scopes and prefixes; the keys themselves are never shown again.',
    security: SESSION,
    ok: [200, { arrayOf: r.apiKeySchema }],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/api-keys',
    id: 'createApiKey',
    summary: 'Create an API key',
    description: 'The answer holds the key, once: store it. `render_only` keys can only render.',
    security: SESSION,
    body: r.createApiKeySchema,
    ok: [201, r.createdApiKeySchema],
    errors: [],
  },
  {
    method: 'delete',
    path: '/api/v1/api-keys/:id',
    id: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: 'The key stops working at once.',
    security: SESSION,
    ok: [200, r.deletedSchema],
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/account',
    id: 'deleteAccount',
    summary: 'Delete the account',
    description: 'The user, templates, components, keys, logs and stored renders, for good.',
    security: SESSION,
    ok: [200, r.deletedSchema],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/auth/signup',
    id: 'signUp',
    summary: 'Sign up',
    description:
      'Creates a user and starts a session (the `platen_session` cookie). 403 when sign-up is closed, 409 when the email is taken.',
    security: ['none'],
    body: r.credentialsSchema,
    ok: [201, r.userResponseSchema],
    errors: [403, 409],
  },
  {
    method: 'post',
    path: '/api/v1/auth/login',
    id: 'logIn',
    summary: 'Log in',
    description:
      'Starts a session (the `platen_session` cookie). Failed attempts are limited per email and per client address.',
    security: ['none'],
    body: loginSchema,
    ok: [200, r.userResponseSchema],
    errors: [401, 429],
  },
  {
    method: 'post',
    path: '/api/v1/auth/logout',
    id: 'logOut',
    summary: 'Log out',
    description: 'Ends this session.',
    security: SESSION,
    ok: [200, z.object({ logged_out: z.literal(true) })],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/auth/password',
    id: 'changePassword',
    summary: 'Change the password',
    description:
      'Needs the current password (a wrong one counts as a failed login: 401, then 429). Every other session of the account ends; this one stays.',
    security: SESSION,
    body: r.passwordChangeSchema,
    ok: [200, z.object({ changed: z.literal(true), other_sessions_ended: z.int() })],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/v1/auth/logout-all',
    id: 'logOutEverywhere',
    summary: 'Log out everywhere',
    description: 'Ends every session of the account, this one included.',
    security: SESSION,
    ok: [200, z.object({ logged_out: z.literal(true), sessions_ended: z.int() })],
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/auth/me',
    id: 'getCurrentUser',
    summary: 'The signed-in user',
    description: 'The user of the session.',
    security: SESSION,
    ok: [200, r.userResponseSchema],
    errors: [],
  },
  {
    method: 'get',
    path: '/healthz',
    id: 'getHealth',
    summary: 'Liveness',
    description: 'Always `{"status":"ok"}` while the process answers.',
    security: ['none'],
    ok: [200, z.object({ status: z.literal('ok') })],
    errors: [],
  },
  {
    method: 'get',
    path: '/readyz',
    id: 'getReadiness',
    summary: 'Readiness',
    description:
      'Whether this node should get traffic: its database and render store answer and it is not shutting down. Otherwise 503 with the same body, naming what failed.',
    security: ['none'],
    ok: [
      200,
      z.object({
        status: z.enum(['ready', 'draining', 'unavailable']),
        checks: z.object({ database: z.string(), storage: z.string() }),
      }),
    ],
    errors: [],
  },
  {
    method: 'get',
    path: '/api/v1/openapi.json',
    id: 'getOpenApiDocument',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the API.',
    security: ['none'],
    ok: [200, z.object({ openapi: z.string() })],
    errors: [],
  },
];

/**
 * Every status an operation can answer: its own, those of its credentials (401; 429 from the
 * per-key rate limit and the per-account limit on session writes; 403 for a render_only key
 * on a full_access route, a session write without the CSRF header, or a full quota) and of
 * its JSON body (400, 413, 415), and 500.
 */
function statuses(op: Operation): number[] {
  const set = new Set(op.errors);
  const keys = op.security.includes('api_key');
  const session = op.security.includes('session');
  if (keys || session) set.add(401);
  if (keys || (session && op.method !== 'get')) set.add(429);
  if ((keys && !op.path.startsWith('/api/v1/render')) || (session && op.method !== 'get')) set.add(403);
  if (op.body || op.query) set.add(400);
  if (op.body) [413, 415].forEach((s) => set.add(s));
  set.add(500);
  return [...set].sort((a, b) => a - b);
}

const REF = '#/components/schemas/';

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Invalid request: `param` names the field',
  401: 'Missing or invalid credentials',
  403: 'Not allowed: a render_only key, a session write without the CSRF header, a full quota (`quota_exceeded`), or sign-up closed',
  404: "Not found (another account's resources answer the same)",
  409: 'Already exists',
  413: 'Body larger than the limit',
  415: 'Body not sent as application/json',
  422: 'The document exceeds a limit (pages, expanded HTML)',
  429: 'Rate limit exceeded: wait Retry-After seconds',
  500: 'Internal error',
  504: 'The render took longer than the time limit',
};

const WARNING_HEADERS = {
  'Platen-Warning-Count': {
    description: 'How many warnings the engine reported (absent when none).',
    schema: { type: 'integer' },
  },
  'Platen-Warnings': {
    description:
      'The warnings as a JSON array of RenderWarning, non-ASCII escaped as \\uXXXX, as many as fit in 4 KB (absent when none); the render log has them all.',
    schema: { type: 'string' },
    example: '[{"code":"resource_not_loaded","message":"https://example.com/logo.png: HTTP 404"}]',
  },
};

/** JSON Schema of `schema`, a $ref when it is registered under an id. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id === 'string') return { $ref: REF + id };
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/**
 * Every registered schema: response shapes as output (unknown keys are never
 * sent), request bodies as input (unknown keys are accepted and ignored).
 */
function components(): Record<string, unknown> {
  const generate = (io: 'input' | 'output') =>
    z.toJSONSchema(z.globalRegistry, { io, unrepresentable: 'any', uri: (id) => REF + id }).schemas;
  const output = generate('output');
  const input = generate('input');
  const bodies = new Set(OPERATIONS.map((op) => (op.body ? z.globalRegistry.get(op.body)?.id : undefined)));
  return Object.fromEntries(
    Object.keys(output).map((id) => {
      const { $schema: _s, $id: _i, ...rest } = (bodies.has(id) ? input[id] : output[id]) as Record<string, unknown>;
      return [id, rest];
    }),
  );
}

function operation(op: Operation): Record<string, unknown> {
  const [status, ok] = op.ok;
  const content =
    ok === 'pdf'
      ? {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          ...(op.body === renderRequestSchema
            ? {
                'application/json': {
                  schema: {
                    oneOf: [
                      schemaOf(renderBase64ResponseSchema, 'output'),
                      schemaOf(renderUrlResponseSchema, 'output'),
                    ],
                  },
                },
              }
            : {}),
        }
      : {
          'application/json': {
            schema: 'arrayOf' in ok ? { type: 'array', items: schemaOf(ok.arrayOf, 'output') } : schemaOf(ok, 'output'),
          },
        };
  const queryParams = op.query
    ? Object.entries(op.query.shape).map(([name, s]) => ({
        name,
        in: 'query',
        required: !(s as z.ZodType).safeParse(undefined).success,
        schema: schemaOf(s as z.ZodType, 'input'),
      }))
    : [];
  const pathParams = op.path.includes(':id')
    ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
    : [];
  const errorRef = { content: { 'application/json': { schema: { $ref: `${REF}Error` } } } };
  // A binary render reports the engine's warnings in headers (JSON answers carry `warnings`).
  const headers = ok === 'pdf' && op.body ? { headers: WARNING_HEADERS } : {};
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    security: op.security.includes('none') ? [] : op.security.map((s) => ({ [s]: [] })),
    parameters: [...pathParams, ...queryParams],
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } }
      : {}),
    responses: {
      [status]: { description: 'Success', content, ...headers },
      ...Object.fromEntries(
        statuses(op).map((code) => [code, { description: ERROR_DESCRIPTIONS[code] ?? 'Error', ...errorRef }]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document served at /api/v1/openapi.json. */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[idPath(op.path)] ??= {})[op.method] = operation(op);
  return {
    openapi: '3.1.0',
    info: { title: 'Platen API', version: '1.0.0', description: 'Render PDFs from HTML + Handlebars templates.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: components(),
      securitySchemes: {
        api_key: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer platen_live_…' },
        session: { type: 'apiKey', in: 'cookie', name: 'platen_session' },
      },
    },
  };
}
