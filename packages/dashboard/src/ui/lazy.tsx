/**
 * Loads a page's code on first use. The editors carry CodeMirror and pdf.js
 * (most of the bundle); sign-in, lists, logs and stats do not wait for them.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let cached: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return function LazyPage(props: P) {
    const [Page, setPage] = useState<ComponentType<P> | null>(() => cached);
    const [error, setError] = useState<string | null>(null);
    useEffect(() => {
      if (Page) return;
      pending ??= load().then((c) => (cached = c));
      pending.then(
        (c) => setPage(() => c),
        (e: unknown) => {
          pending = null;
          setError(e instanceof Error ? e.message : String(e));
        },
      );
    }, []);
    if (error)
      return (
        <p class="error" role="alert">
          This page could not be loaded: {error}
        </p>
      );
    return Page ? (
      <Page {...props} />
    ) : (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  };
}
