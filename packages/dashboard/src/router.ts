/**
 * History-API routing in a few lines: the server answers index.html for every
 * non-/api path, so real URLs (/templates/tmpl_…) survive reloads and can be shared.
 */
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();
let navigations = 0;

/** True once the user moved inside the app (not on the first page loaded). */
export function hasNavigated(): boolean {
  return navigations > 0;
}

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  navigations++;
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const l of listeners) l();
}

/** Calls `update` after every navigate() and every back/forward. */
function useHistoryChange(update: () => void): void {
  useEffect(() => {
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
}

export function useLocation(): string {
  const [path, setPath] = useState(location.pathname);
  useHistoryChange(() => {
    navigations++;
    setPath(location.pathname);
  });
  return path;
}

/** The query string (`?status=error`, or ''), which pages such as Logs keep their state in. */
export function useSearch(): string {
  const [search, setSearch] = useState(location.search);
  useHistoryChange(() => setSearch(location.search));
  return search;
}

/** Match `/templates/:id` style patterns; returns the params or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.replace(/\/+$/, '').split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] ?? '';
    const val = s[i] ?? '';
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(val);
    else if (seg !== val) return null;
  }
  return params;
}

/** Asked before an in-app link leaves the page (an editor with unsaved changes sets one). */
let leaveGuard: (() => Promise<boolean>) | null = null;
export function setLeaveGuard(guard: (() => Promise<boolean>) | null): void {
  leaveGuard = guard;
}

/** Left clicks on same-origin links go through navigate(); modified clicks open tabs as usual. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
    if (a.pathname.startsWith('/api/')) return;
    e.preventDefault();
    if (a.pathname === location.pathname && a.search === location.search) return;
    const target = a.pathname + a.search;
    if (!leaveGuard) navigate(target);
    else
      void leaveGuard().then((ok) => {
        if (ok) navigate(target);
      });
  });
}
