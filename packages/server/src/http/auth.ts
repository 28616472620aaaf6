import { getCookie, type H3Event } from 'h3';
import type { Config } from '../config.js';
import { csrfRejected, insufficientPermissions, rateLimited, unauthorized } from '../errors.js';
import type { ApiKeyStore, Permission } from '../store/api-keys.js';
import type { SessionStore } from '../store/sessions.js';
import type { RateLimiter } from './rate-limit.js';
import { requestState } from './request-state.js';

export const SESSION_COOKIE = 'platen_session';
const MUTATING = ['POST', 'PUT', 'DELETE', 'PATCH'];

/** Who is calling: a user, through one API key or through a session. */
export interface Auth {
  readonly userId: string;
  readonly keyId: string | null;
  readonly via: 'api_key' | 'session';
  readonly permission: Permission | null;
}

/** Which credentials a route takes (DECISIONS.md "Which credential each route takes"). */
export interface Accepts {
  /** 'any' scope, only 'full_access' keys, or no API keys at all. */
  readonly key: 'any' | 'full_access' | false;
  readonly session: boolean;
}

export interface AuthDeps {
  readonly config: Config;
  readonly apiKeys: ApiKeyStore;
  readonly sessions: SessionStore;
  readonly rateLimiter: RateLimiter;
  readonly accountRateLimiter: RateLimiter;
  readonly sessionWriteLimiter: RateLimiter;
}

/** The server's own origin: PLATEN_PUBLIC_URL's, else the one the request was addressed to. */
export function serverOrigin(event: H3Event, config: Config): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : event.url.origin;
}

/**
 * CSRF (DECISIONS.md): a cookie-carrying POST/PUT/DELETE, or any `force`d
 * request (the /auth/* POSTs), is refused when its Origin names another
 * origin; `Origin: null` is foreign; no Origin (non-browser clients) passes.
 */
export function checkCsrf(event: H3Event, config: Config, force = false): void {
  const mutating = MUTATING.includes(event.req.method);
  const hasCookie = getCookie(event, SESSION_COOKIE) !== undefined;
  if (!force && !(mutating && hasCookie)) return;
  const origin = event.req.headers.get('origin');
  if (origin === null) return;
  if (origin !== serverOrigin(event, config)) throw csrfRejected();
}

function bearerToken(event: H3Event): string | null {
  const header = event.req.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Authenticate a request: CSRF first, then the API key (rate-limited per key,
 * scope checked) when the route takes keys and one is sent, else the session
 * cookie when the route takes sessions. Anything else is 401.
 */
export async function requireAuth(event: H3Event, deps: AuthDeps, accepts: Accepts): Promise<Auth> {
  checkCsrf(event, deps.config);
  const state = requestState(event);
  const token = bearerToken(event);
  if (accepts.key && token !== null) {
    const key = await deps.apiKeys.findByToken(token);
    if (!key) throw unauthorized('Invalid API key.');
    if (state) {
      state.keyId = key.id;
      state.userId = key.userId;
    }
    // Per key, and per account over all its keys: minting keys and rotating through them
    // must not multiply an account's rate.
    const retryAfter = (await deps.rateLimiter.take(key.id)) || (await deps.accountRateLimiter.take(key.userId));
    if (retryAfter > 0) throw rateLimited(retryAfter);
    if (accepts.key === 'full_access' && key.permission !== 'full_access') throw insufficientPermissions();
    return { userId: key.userId, keyId: key.id, via: 'api_key', permission: key.permission };
  }
  if (accepts.session) {
    const cookie = getCookie(event, SESSION_COOKIE);
    const userId = cookie ? await deps.sessions.findUserId(cookie) : null;
    if (userId) {
      if (state) state.userId = userId;
      // Writes through a session are limited per account (the dashboard makes a few per
      // minute; a script holding a cookie must not write without bound, previews included).
      if (MUTATING.includes(event.req.method)) {
        const retryAfter = await deps.sessionWriteLimiter.take(userId);
        if (retryAfter > 0) throw rateLimited(retryAfter);
      }
      return { userId, keyId: null, via: 'session', permission: null };
    }
  }
  throw unauthorized();
}
