import { deleteCookie, getCookie, getRequestIP, setCookie, type H3, type H3Event } from 'h3';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { emailTaken, invalidCredentials, rateLimited, signupClosed, unauthorized } from '../errors.js';
import { checkCsrf, requireAuth, SESSION_COOKIE } from '../http/auth.js';
import { readJson, validate } from '../http/read-body.js';
import { requestState } from '../http/request-state.js';
import { resource } from '../http/resource.js';
import { created } from '../http/respond.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../passwords.js';
import { credentialsSchema, passwordChangeSchema } from '../schemas/resources.js';

export const loginSchema = z
  .object({ email: z.string().min(1).max(320), password: z.string().min(1).max(1000) })
  .meta({ id: 'Login' });

async function startSession(event: H3Event, deps: AppDeps, userId: string): Promise<void> {
  const state = requestState(event);
  if (state) state.userId = userId;
  setCookie(event, SESSION_COOKIE, await deps.sessions.create(userId), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: deps.config.publicUrl?.startsWith('https:') ?? false,
    maxAge: deps.config.sessionTtlSeconds,
  });
}

async function login(event: H3Event, deps: AppDeps) {
  checkCsrf(event, deps.config, true);
  const input = validate(loginSchema, await readJson(event, deps.config));
  const email = input.email.toLowerCase();
  const address = getRequestIP(event) ?? 'unknown';
  const { byEmail, byAddress } = deps.loginFailures;
  // Counted before the (asynchronous) check: 60 guesses sent at once used to pass the lock
  // check together and all be verified. A success takes its attempt back.
  const attempts = [await byEmail.attempt(email), await byAddress.attempt(address)];
  const wait = Math.max(...attempts.map((a) => a.wait));
  const release = () => Promise.all(attempts.map((a) => a.release()));
  if (wait > 0) {
    await release();
    throw rateLimited(wait);
  }
  const user = await deps.users.findByEmail(email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) throw invalidCredentials();
  await release();
  await startSession(event, deps, user.id);
  return { user: { id: user.id, email: user.email, created_at: user.created_at } };
}

/** The session flow of DECISIONS.md; /auth/* ignore API keys. */
export function registerAuthRoutes(app: H3, deps: AppDeps): void {
  resource(app, '/api/v1/auth/signup', {
    POST: async (event) => {
      checkCsrf(event, deps.config, true);
      if (deps.config.signup === 'closed') throw signupClosed();
      const input = validate(credentialsSchema, await readJson(event, deps.config));
      const user = await deps.users.create(input.email.toLowerCase(), await hashPassword(input.password));
      if (!user) throw emailTaken();
      await startSession(event, deps, user.id);
      return created(event, { user });
    },
  });
  resource(app, '/api/v1/auth/login', { POST: async (event) => login(event, deps) });
  resource(app, '/api/v1/auth/logout', {
    POST: async (event) => {
      checkCsrf(event, deps.config, true);
      const token = getCookie(event, SESSION_COOKIE);
      if (!token || !(await deps.sessions.findUserId(token))) throw unauthorized();
      await deps.sessions.delete(token);
      deleteCookie(event, SESSION_COOKIE, { path: '/' });
      return { logged_out: true };
    },
  });
  // Changing the password ends every other session; a wrong current password counts as a
  // failed login (the same throttling), so this route cannot be used to guess it faster.
  resource(app, '/api/v1/auth/password', {
    POST: async (event) => {
      const { userId } = await requireAuth(event, deps, { key: false, session: true });
      const input = validate(passwordChangeSchema, await readJson(event, deps.config));
      const user = await deps.users.get(userId);
      const stored = user ? await deps.users.findByEmail(user.email) : null;
      if (!user || !stored) throw unauthorized();
      const attempt = await deps.loginFailures.byEmail.attempt(user.email);
      if (attempt.wait > 0) throw rateLimited(attempt.wait);
      if (!(await verifyPassword(input.current_password, stored.passwordHash))) throw invalidCredentials();
      await attempt.release();
      await deps.users.setPasswordHash(userId, await hashPassword(input.new_password));
      return {
        changed: true,
        other_sessions_ended: await deps.sessions.deleteAllOf(userId, getCookie(event, SESSION_COOKIE) ?? null),
      };
    },
  });
  resource(app, '/api/v1/auth/logout-all', {
    POST: async (event) => {
      const { userId } = await requireAuth(event, deps, { key: false, session: true });
      const ended = await deps.sessions.deleteAllOf(userId, null);
      deleteCookie(event, SESSION_COOKIE, { path: '/' });
      return { logged_out: true, sessions_ended: ended };
    },
  });
  resource(app, '/api/v1/auth/me', {
    GET: async (event) => {
      const { userId } = await requireAuth(event, deps, { key: false, session: true });
      const user = await deps.users.get(userId);
      if (!user) throw unauthorized();
      return { user };
    },
  });
}
