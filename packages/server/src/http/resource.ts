import type { EventHandler, H3 } from 'h3';
import { methodNotAllowed } from '../errors.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Register a path's handlers plus an `all` fallback answering 405 with
 * `Allow`. rou3 prefers the method-specific route over the catch-all (pinned
 * in test/api/errors.test.ts).
 */
export function resource(app: H3, path: string, handlers: Partial<Record<Method, EventHandler>>): void {
  const allow = Object.keys(handlers) as Method[];
  for (const method of allow) {
    const handler = handlers[method];
    if (handler) app.on(method, path, handler);
  }
  app.all(path, () => {
    throw methodNotAllowed(allow);
  });
}
