/** The shell: who is signed in, the navigation, and which page the URL names. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, setUnauthorizedHandler } from './api.js';
import { match, navigate, useLocation } from './router.js';
import type { User } from './types.js';
import { AuthPage } from './pages/auth-page.js';
import { TemplatesPage } from './pages/templates-page.js';
import { ComponentsPage } from './pages/components-page.js';
import { ApiKeysPage } from './pages/api-keys-page.js';
import { LogsPage } from './pages/logs-page.js';
import { StatsPage } from './pages/stats-page.js';
import { AccountPage } from './pages/account-page.js';
import { AccountDeletedPage } from './pages/account-deleted-page.js';
import { NotFoundPage } from './pages/not-found-page.js';
import { SessionDialog } from './pages/session-dialog.js';
import { lazyPage } from './ui/lazy.js';

const TemplateEditor = lazyPage(() => import('./pages/template-editor.js').then((m) => m.TemplateEditor));
const ComponentEditor = lazyPage(() => import('./pages/component-editor.js').then((m) => m.ComponentEditor));

const NAV: ReadonlyArray<readonly [string, string]> = [
  ['/templates', 'Templates'],
  ['/components', 'Components'],
  ['/api-keys', 'API keys'],
  ['/logs', 'Logs'],
  ['/stats', 'Stats'],
  ['/account', 'Account'],
];

/** Addresses for visitors who are not signed in; a signed-in user there goes to Templates. */
const AUTH_PATHS = new Set(['/', '/login', '/signup', '/account-deleted']);

function route(path: string, user: User, signedOut: (to?: string) => void): ComponentChildren {
  if (AUTH_PATHS.has(path)) return null;
  let m: Record<string, string> | null;
  if (match('/templates', path)) return <TemplatesPage />;
  if ((m = match('/templates/:id', path)))
    return <TemplateEditor key={m.id} id={m.id === 'new' ? null : (m.id ?? null)} />;
  if (match('/components', path)) return <ComponentsPage />;
  if ((m = match('/components/:id', path)))
    return <ComponentEditor key={m.id} id={m.id === 'new' ? null : (m.id ?? null)} />;
  if (match('/api-keys', path)) return <ApiKeysPage />;
  if (match('/logs', path)) return <LogsPage />;
  if (match('/stats', path)) return <StatsPage />;
  if (match('/account', path))
    return (
      <AccountPage
        user={user}
        onDeleted={() => signedOut('/account-deleted')}
        onLoggedOutEverywhere={() => signedOut()}
      />
    );
  return <NotFoundPage />;
}

export function App() {
  const path = useLocation();
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [expired, setExpired] = useState(false);
  const signedIn = useRef(false);
  signedIn.current = Boolean(user);

  useEffect(() => {
    // A 401 while signed in means the session ended under us: keep the page, ask to log in again.
    setUnauthorizedHandler(() => {
      if (signedIn.current) setExpired(true);
      else setUser(null);
    });
    api.me().then(
      (r) => setUser(r.user),
      () => setUser(null),
    );
  }, []);

  // Signed in on a sign-in address: the templates list is home.
  const redirect = user && AUTH_PATHS.has(path);
  useEffect(() => {
    if (redirect) navigate('/templates', { replace: true });
  }, [redirect]);

  if (user === undefined)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );

  if (user === null) {
    if (path === '/account-deleted') return <AccountDeletedPage />;
    // A first-time visitor lands on sign-up; a deep link (or /login) asks returning users to log in.
    const mode = path === '/' || path === '/signup' ? 'signup' : 'login';
    return <AuthPage mode={mode} onSignedIn={(u) => setUser(u)} />;
  }

  const signedOut = (to = '/login') => {
    setExpired(false);
    setUser(null);
    navigate(to, { replace: true });
  };
  const logout = async () => {
    try {
      await api.logout();
    } finally {
      signedOut();
    }
  };

  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="/templates">
          Platen
        </a>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <a href={href} aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span class="email">{user.email}</span>
          <button type="button" class="secondary" onClick={logout}>
            Log out
          </button>
        </div>
      </header>
      <main id="main">{route(path, user, signedOut)}</main>
      {expired && (
        <SessionDialog
          user={user}
          onResumed={() => setExpired(false)}
          onSwitched={(u) => {
            setExpired(false);
            setUser(u);
            navigate('/templates', { replace: true });
          }}
        />
      )}
    </>
  );
}
