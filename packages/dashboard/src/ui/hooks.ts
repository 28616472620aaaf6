import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { hasNavigated } from '../router.js';

/** Sets document.title ("Templates · Platen") so tabs, history and screen readers name the page. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Platen`;
  }, [title]);
}

export interface AsyncState<T> {
  data: T | null;
  error: Error | null;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change; stale answers from earlier runs are dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ data: T | null; error: Error | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  useEffect(() => {
    const id = ++run.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => {
        if (id === run.current) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (id === run.current)
          setState({ data: null, error: error instanceof Error ? error : new Error(String(error)), loading: false });
      },
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/**
 * Moves focus to the page's h1 after in-app navigation, so keyboard and
 * screen-reader users start at the new page's top rather than on a stale link.
 * A fresh page load keeps the browser's own start (the skip link comes first).
 */
export function useFocusHeading(): { current: HTMLHeadingElement | null } {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasNavigated()) ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}

/**
 * Wraps button handlers that call the API: a failure becomes a message for the
 * page to show (role="alert") instead of an unhandled rejection.
 */
export function useAction(): {
  error: string | null;
  run: <A extends unknown[]>(fn: (...args: A) => Promise<void>) => (...args: A) => void;
} {
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
      (...args: A) => {
        setError(null);
        fn(...args).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
      },
    [],
  );
  return { error, run };
}
