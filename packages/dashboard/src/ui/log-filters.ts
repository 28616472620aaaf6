/**
 * The Logs page's filters as a query string (`/logs?status=error&limit=25`), so
 * a reload or a shared link shows the same logs, and back/forward step through
 * earlier filters. Values that are not valid here read as unset.
 */
export interface LogFilters {
  status: '' | 'success' | 'error';
  template_id: string;
  /** datetime-local values (local wall time, `2026-03-01T09:30`). */
  from: string;
  to: string;
  limit: string;
}

export const NO_FILTERS: LogFilters = { status: '', template_id: '', from: '', to: '', limit: '50' };
export const PAGE_SIZES = ['25', '50', '100'] as const;

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

export function filtersFromSearch(search: string): LogFilters {
  const q = new URLSearchParams(search);
  const status = q.get('status');
  const limit = q.get('limit') ?? '';
  const time = (k: string) => {
    const v = q.get(k) ?? '';
    return LOCAL_TIME.test(v) ? v : '';
  };
  return {
    status: status === 'success' || status === 'error' ? status : '',
    template_id: q.get('template') ?? '',
    from: time('from'),
    to: time('to'),
    limit: (PAGE_SIZES as readonly string[]).includes(limit) ? limit : NO_FILTERS.limit,
  };
}

/** `?…` with only the filters that differ from none (empty string when none). */
export function searchFromFilters(f: LogFilters): string {
  const q = new URLSearchParams();
  if (f.status) q.set('status', f.status);
  if (f.template_id) q.set('template', f.template_id);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.limit !== NO_FILTERS.limit) q.set('limit', f.limit);
  const s = q.toString();
  return s ? `?${s}` : '';
}
