import type { EventHandler, H3 } from 'h3';
import { methodNotAllowed } from '../errors.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/**
 * Register a path's handlers (GET also answers HEAD) plus an `all`
 * fallback answering 405 with `Allow`. rou3 prefers the method-specific route over the catch-all (pinned
 * in test/api/errors.test.ts).
 */
export function resource(app: H3, path: string, given: Partial<Record<Exclude<Method, 'HEAD'>, EventHandler>>): void {
  // RFC 9110 §9.3.2: HEAD is GET without the body (h3 drops the body for HEAD).
  const handlers: Partial<Record<Method, EventHandler>> = given.GET
    ? { GET: given.GET, HEAD: given.GET, ...given }
    : given;
  const allow = Object.keys(handlers) as Method[];
  for (const method of allow) {
    const handler = handlers[method];
    if (handler) app.on(method, path, handler);
  }
  app.all(path, () => {
    throw methodNotAllowed(allow);
  });
}
