/**
 * Live preview: waits until typing pauses (DEBOUNCE_MS), then asks
 * POST /api/v1/render/preview for the PDF. A newer request aborts an older one,
 * and an error keeps the last good PDF on screen (dimmed) next to the message.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, sessionEvents } from '../api.js';
import type { PreviewRequest } from '../types.js';

export const DEBOUNCE_MS = 350;

export interface PreviewState {
  bytes: Uint8Array | null;
  pending: boolean;
  error: ApiError | null;
}

export function useLivePreview(req: PreviewRequest | null): PreviewState {
  const [state, setState] = useState<PreviewState>({ bytes: null, pending: req !== null, error: null });
  const key = req ? JSON.stringify(req) : null;
  const first = useRef(true);
  // A preview refused while the session had ended is asked for again once it resumes.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const retry = () => setAttempt((n) => n + 1);
    sessionEvents.addEventListener('resumed', retry);
    return () => sessionEvents.removeEventListener('resumed', retry);
  }, []);

  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    setState((s) => ({ ...s, pending: true }));
    // The first preview goes out at once so the editor opens with a page showing.
    const delay = first.current ? 0 : DEBOUNCE_MS;
    first.current = false;
    const timer = setTimeout(() => {
      api.preview(JSON.parse(key) as PreviewRequest, ctrl.signal).then(
        (bytes) => setState({ bytes, pending: false, error: null }),
        (err: unknown) => {
          if (ctrl.signal.aborted) return;
          const e =
            err instanceof ApiError
              ? err
              : new ApiError(0, 'api_error', 'network', 'Could not reach the server.', null);
          setState((s) => ({ bytes: s.bytes, pending: false, error: e }));
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [key, attempt]);

  return state;
}
