/** Small behaviours shared by the template and component editors. */
import { useEffect, useRef } from 'preact/hooks';
import { setLeaveGuard } from '../router.js';
import { confirmAction } from './confirm.js';

/** Ctrl+S / Cmd+S saves instead of opening the browser's "Save page" dialog. */
export function useSaveShortcut(save: () => void): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        latest.current();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}

/** Leaving with unsaved edits asks first: in-app links through a dialog, reload or close through the browser's. */
export function useUnsavedGuard(dirty: boolean, what: string): void {
  useEffect(() => {
    if (!dirty) return;
    const guard = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', guard);
    setLeaveGuard(() =>
      confirmAction({
        title: 'Leave without saving?',
        message: `Your changes to this ${what} are not saved.`,
        confirmLabel: 'Leave',
        danger: true,
      }),
    );
    return () => {
      removeEventListener('beforeunload', guard);
      setLeaveGuard(null);
    };
  }, [dirty]);
}

/** Saves the previewed PDF as a file, without another round trip to the server. */
export function downloadPdf(bytes: Uint8Array, filename: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
