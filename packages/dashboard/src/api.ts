/**
 * The dashboard's only door to the server: same-origin fetch with the session
 * cookie. Errors come back as the JSON envelope of SPEC.md "Errors" and are
 * thrown as ApiError so pages can show `message` and react to `code`.
 */
import type {
  ApiKey,
  Component,
  ComponentType,
  CreatedApiKey,
  LogPage,
  LogQuery,
  Period,
  Permission,
  PreviewRequest,
  Stats,
  Template,
  User,
} from './types.js';

const BASE = '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | null;

  constructor(status: number, type: string, code: string, message: string, param: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

/** Called on any 401 outside /auth, so the app can drop back to the sign-in page. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Fires 'resumed' after a log-in that continues the same session's work (see SessionDialog). */
export const sessionEvents = new EventTarget();

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { error?: { type?: string; code?: string; message?: string; param?: string } };
    const e = body.error ?? {};
    return new ApiError(
      res.status,
      e.type ?? 'api_error',
      e.code ?? 'unknown',
      e.message ?? res.statusText,
      e.param ?? null,
    );
  } catch {
    return new ApiError(
      res.status,
      'api_error',
      'unknown',
      `The server answered ${res.status} ${res.statusText}`,
      null,
    );
  }
}

async function send(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
  }
  if (signal) init.signal = signal;
  const res = await fetch(BASE + path, init);
  if (!res.ok) {
    const err = await toApiError(res);
    if (res.status === 401 && !path.startsWith('/auth/')) onUnauthorized();
    throw err;
  }
  return res;
}

async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  return (await res.json()) as T;
}

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const enc = encodeURIComponent;

export type TemplateInput = Partial<
  Pick<
    Template,
    | 'name'
    | 'html'
    | 'plain_text'
    | 'pdf_format'
    | 'pdf_options'
    | 'sample_data'
    | 'header_component_id'
    | 'footer_component_id'
  >
>;
export type ComponentInput = Partial<Pick<Component, 'name' | 'type' | 'html' | 'preview'>>;

export const api = {
  signup: (email: string, password: string) => json<{ user: User }>('POST', '/auth/signup', { email, password }),
  login: (email: string, password: string) => json<{ user: User }>('POST', '/auth/login', { email, password }),
  logout: () => json<{ logged_out: boolean }>('POST', '/auth/logout', {}),
  changePassword: (current_password: string, new_password: string) =>
    json<{ changed: boolean; other_sessions_ended: number }>('POST', '/auth/password', {
      current_password,
      new_password,
    }),
  logoutEverywhere: () => json<{ logged_out: boolean; sessions_ended: number }>('POST', '/auth/logout-all', {}),
  me: () => json<{ user: User }>('GET', '/auth/me'),
  webhookSecret: () => json<{ secret: string }>('GET', '/webhook-secret'),
  rotateWebhookSecret: () => json<{ secret: string }>('POST', '/webhook-secret/rotate', {}),

  listTemplates: () => json<Template[]>('GET', '/templates'),
  getTemplate: (id: string) => json<Template>('GET', `/templates/${enc(id)}`),
  createTemplate: (input: TemplateInput & { name: string }) => json<Template>('POST', '/templates', input),
  updateTemplate: (id: string, input: TemplateInput) => json<Template>('PUT', `/templates/${enc(id)}`, input),
  deleteTemplate: (id: string) => json<{ deleted: boolean }>('DELETE', `/templates/${enc(id)}`),
  duplicateTemplate: (id: string) => json<Template>('POST', `/templates/${enc(id)}/duplicate`),

  listComponents: (type?: ComponentType) => json<Component[]>('GET', `/components${query({ type })}`),
  getComponent: (id: string) => json<Component>('GET', `/components/${enc(id)}`),
  createComponent: (input: ComponentInput & { name: string; type: ComponentType }) =>
    json<Component>('POST', '/components', input),
  updateComponent: (id: string, input: ComponentInput) => json<Component>('PUT', `/components/${enc(id)}`, input),
  deleteComponent: (id: string) => json<{ deleted: boolean }>('DELETE', `/components/${enc(id)}`),

  listApiKeys: () => json<ApiKey[]>('GET', '/api-keys'),
  createApiKey: (name: string, permission: Permission) =>
    json<CreatedApiKey>('POST', '/api-keys', { name, permission }),
  revokeApiKey: (id: string) => json<{ deleted: boolean }>('DELETE', `/api-keys/${enc(id)}`),

  logs: (q: LogQuery) => json<LogPage>('GET', `/logs${query({ ...q })}`),
  stats: (period?: Period) => json<Stats>('GET', `/stats${query({ period })}`),

  deleteAccount: () => json<{ deleted: boolean }>('DELETE', '/account'),

  /** The editor's preview: PDF bytes, or an ApiError such as `template_syntax_error`. */
  async preview(req: PreviewRequest, signal?: AbortSignal): Promise<Uint8Array> {
    const res = await send('POST', '/render/preview', req, signal);
    return new Uint8Array(await res.arrayBuffer());
  },
};

/** The line a page shows for a failed call: the server's message, else that it could not be reached (fetch rejects only when no answer came). */
export function errorText(err: unknown): string {
  return err instanceof ApiError ? err.message : 'Could not reach the server.';
}

/** "line 3" in a template_syntax_error message → 3; null when the message names no line. */
export function errorLine(err: ApiError): number | null {
  const m = /line (\d+)/i.exec(err.message);
  return m?.[1] ? Number(m[1]) : null;
}
