import { z } from 'zod';
import { loginSchema } from './routes/auth.js';
import { previewRequestSchema, renderBase64ResponseSchema, renderRequestSchema, renderUrlResponseSchema } from './schemas/render.js';
import * as r from './schemas/resources.js';

type Security = 'api_key' | 'session' | 'none';
interface Operation {
  readonly method: 'get' | 'post' | 'put' | 'delete';
  readonly path: string;
  readonly summary: string;
  readonly security: readonly Security[];
  readonly body?: z.ZodType;
  readonly query?: z.ZodObject;
  /** status → registered schema, 'pdf' for application/pdf, or an array wrapper. */
  readonly ok: readonly [number, z.ZodType | 'pdf' | { readonly arrayOf: z.ZodType }];
  readonly errors: readonly number[];
}

const DASH: Security[] = ['api_key', 'session'];
const SESSION: Security[] = ['session'];
const idPath = (p: string) => p.replace(':id', '{id}');

/** Every route, described once; the schemas are the ones the handlers validate with. */
const OPERATIONS: readonly Operation[] = [
  { method: 'post', path: '/api/v1/render', summary: 'Render a PDF (binary, base64 or signed URL)', security: ['api_key'], body: renderRequestSchema, ok: [200, 'pdf'], errors: [400, 401, 404, 413, 415, 422, 429, 500, 504] },
  { method: 'post', path: '/api/v1/render/preview', summary: 'Editor preview (session); data defaults to sample_data', security: SESSION, body: previewRequestSchema, ok: [200, 'pdf'], errors: [400, 401, 403, 404, 422, 500, 504] },
  { method: 'get', path: '/api/v1/renders/:id', summary: 'A stored render, by signed token', security: ['none'], query: z.object({ token: z.string() }), ok: [200, 'pdf'], errors: [404] },
  { method: 'get', path: '/api/v1/templates', summary: 'List templates', security: DASH, ok: [200, { arrayOf: r.templateSchema }], errors: [401, 403, 429] },
  { method: 'post', path: '/api/v1/templates', summary: 'Create a template', security: DASH, body: r.createTemplateSchema, ok: [201, r.templateSchema], errors: [400, 401, 403, 429] },
  { method: 'get', path: '/api/v1/templates/:id', summary: 'Get a template by ID or slug', security: DASH, ok: [200, r.templateSchema], errors: [401, 403, 404] },
  { method: 'put', path: '/api/v1/templates/:id', summary: 'Update given fields', security: DASH, body: r.updateTemplateSchema, ok: [200, r.templateSchema], errors: [400, 401, 403, 404] },
  { method: 'delete', path: '/api/v1/templates/:id', summary: 'Delete a template', security: DASH, ok: [200, r.deletedSchema], errors: [401, 403, 404] },
  { method: 'post', path: '/api/v1/templates/:id/duplicate', summary: 'Copy a template, name + " (copy)"', security: DASH, ok: [201, r.templateSchema], errors: [401, 403, 404] },
  { method: 'get', path: '/api/v1/components', summary: 'List components', security: DASH, query: r.componentQuerySchema, ok: [200, { arrayOf: r.componentSchema }], errors: [400, 401, 403] },
  { method: 'post', path: '/api/v1/components', summary: 'Create a component', security: DASH, body: r.createComponentSchema, ok: [201, r.componentSchema], errors: [400, 401, 403] },
  { method: 'get', path: '/api/v1/components/:id', summary: 'Get a component', security: DASH, ok: [200, r.componentSchema], errors: [401, 403, 404] },
  { method: 'put', path: '/api/v1/components/:id', summary: 'Update given fields', security: DASH, body: r.updateComponentSchema, ok: [200, r.componentSchema], errors: [400, 401, 403, 404] },
  { method: 'delete', path: '/api/v1/components/:id', summary: 'Delete a component; templates using it drop it', security: DASH, ok: [200, r.deletedSchema], errors: [401, 403, 404] },
  { method: 'get', path: '/api/v1/logs', summary: 'Render logs, newest first, cursor pages', security: DASH, query: r.logsQuerySchema, ok: [200, r.logsPageSchema], errors: [400, 401, 403] },
  { method: 'get', path: '/api/v1/stats', summary: 'Usage statistics for a period', security: DASH, query: r.statsQuerySchema, ok: [200, r.statsSchema], errors: [400, 401, 403] },
  { method: 'get', path: '/api/v1/api-keys', summary: 'List API keys (prefixes only)', security: SESSION, ok: [200, { arrayOf: r.apiKeySchema }], errors: [401] },
  { method: 'post', path: '/api/v1/api-keys', summary: 'Create an API key; the key is shown once', security: SESSION, body: r.createApiKeySchema, ok: [201, r.createdApiKeySchema], errors: [400, 401, 403] },
  { method: 'delete', path: '/api/v1/api-keys/:id', summary: 'Revoke an API key', security: SESSION, ok: [200, r.deletedSchema], errors: [401, 403, 404] },
  { method: 'delete', path: '/api/v1/account', summary: 'Delete the account and all its data', security: SESSION, ok: [200, r.deletedSchema], errors: [401, 403] },
  { method: 'post', path: '/api/v1/auth/signup', summary: 'Create a user and start a session', security: ['none'], body: r.credentialsSchema, ok: [201, r.userResponseSchema], errors: [400, 403, 409] },
  { method: 'post', path: '/api/v1/auth/login', summary: 'Start a session', security: ['none'], body: loginSchema, ok: [200, r.userResponseSchema], errors: [400, 401, 403, 429] },
  { method: 'post', path: '/api/v1/auth/logout', summary: 'End this session', security: SESSION, ok: [200, z.object({ logged_out: z.literal(true) })], errors: [401, 403] },
  { method: 'get', path: '/api/v1/auth/me', summary: 'The signed-in user', security: SESSION, ok: [200, r.userResponseSchema], errors: [401] },
  { method: 'get', path: '/api/v1/openapi.json', summary: 'This document', security: ['none'], ok: [200, z.object({ openapi: z.string() })], errors: [] },
];

const REF = '#/components/schemas/';

const WARNING_HEADERS = {
  'Platen-Warning-Count': { description: 'How many warnings the engine reported (absent when none).', schema: { type: 'integer' } },
  'Platen-Warnings': {
    description: 'The warnings as a JSON array of RenderWarning, non-ASCII escaped as \\uXXXX, as many as fit in 4 KB (absent when none); the render log has them all.',
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
  const generate = (io: 'input' | 'output') => z.toJSONSchema(z.globalRegistry, { io, unrepresentable: 'any', uri: (id) => REF + id }).schemas;
  const output = generate('output');
  const input = generate('input');
  const bodies = new Set(OPERATIONS.map((op) => (op.body ? z.globalRegistry.get(op.body)?.id : undefined)));
  return Object.fromEntries(Object.keys(output).map((id) => {
    const { $schema: _s, $id: _i, ...rest } = (bodies.has(id) ? input[id] : output[id]) as Record<string, unknown>;
    return [id, rest];
  }));
}

function operation(op: Operation): Record<string, unknown> {
  const [status, ok] = op.ok;
  const content =
    ok === 'pdf'
      ? { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, ...(op.body === renderRequestSchema ? { 'application/json': { schema: { oneOf: [schemaOf(renderBase64ResponseSchema, 'output'), schemaOf(renderUrlResponseSchema, 'output')] } } } : {}) }
      : { 'application/json': { schema: 'arrayOf' in ok ? { type: 'array', items: schemaOf(ok.arrayOf, 'output') } : schemaOf(ok, 'output') } };
  const queryParams = op.query
    ? Object.entries(op.query.shape).map(([name, s]) => ({ name, in: 'query', required: !(s as z.ZodType).safeParse(undefined).success, schema: schemaOf(s as z.ZodType, 'input') }))
    : [];
  const pathParams = op.path.includes(':id') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : [];
  const errorRef = { content: { 'application/json': { schema: { $ref: `${REF}Error` } } } };
  // A binary render reports the engine's warnings in headers (JSON answers carry `warnings`).
  const headers = ok === 'pdf' && op.body ? { headers: WARNING_HEADERS } : {};
  return {
    summary: op.summary,
    security: op.security.includes('none') ? [] : op.security.map((s) => ({ [s]: [] })),
    parameters: [...pathParams, ...queryParams],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
    responses: {
      [status]: { description: 'Success', content, ...headers },
      ...Object.fromEntries(op.errors.map((code) => [code, { description: 'Error envelope', ...errorRef }])),
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
