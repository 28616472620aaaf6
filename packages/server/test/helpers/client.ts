import { expect } from 'vitest';

export interface Call {
  readonly method?: string;
  readonly body?: unknown;
  /** Raw body text (sent as is). */
  readonly raw?: string;
  readonly key?: string;
  readonly cookie?: string;
  readonly headers?: Record<string, string>;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly json: any;
  readonly bytes: Uint8Array;
}

/** One HTTP call to the test server; JSON answers are parsed. */
export async function call(base: string, path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.key) headers['authorization'] = `Bearer ${c.key}`;
  if (c.cookie) headers['cookie'] = c.cookie;
  let body: string | undefined = c.raw;
  if (c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, {
    method: c.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const json = type.includes('json') && bytes.byteLength > 0 ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  return { status: res.status, headers: res.headers, json, bytes };
}

/** Assert the error envelope exactly. */
export function expectError(a: Answer, status: number, type: string, code: string, param?: string): void {
  expect({
    status: a.status,
    type: a.json?.error?.type,
    code: a.json?.error?.code,
    param: a.json?.error?.param,
  }).toEqual({ status, type, code, param });
  expect(typeof a.json.error.message).toBe('string');
  expect(Object.keys(a.json)).toEqual(['error']);
}

export interface Account {
  readonly email: string;
  readonly cookie: string;
  readonly userId: string;
  readonly key: string;
  readonly keyId: string;
}

let counter = 0;

/** Sign up a fresh user and create a full_access key for it. */
export async function seedAccount(
  base: string,
  permission: 'full_access' | 'render_only' = 'full_access',
): Promise<Account> {
  const email = `user${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await call(base, '/api/v1/auth/signup', { body: { email, password: 'correct horse' } });
  expect(signup.status).toBe(201);
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const key = await call(base, '/api/v1/api-keys', { body: { name: 'test', permission }, cookie });
  expect(key.status).toBe(201);
  return { email, cookie, userId: signup.json.user.id, key: key.json.key, keyId: key.json.id };
}

/** Create a key of a given scope for an account. */
export async function createKey(
  base: string,
  account: Account,
  permission: 'full_access' | 'render_only',
): Promise<string> {
  const res = await call(base, '/api/v1/api-keys', { body: { name: permission, permission }, cookie: account.cookie });
  return res.json.key as string;
}
