/**
 * Render logs, newest first, with filters and cursor pagination (SPEC.md "Logs").
 * Applied filters live in the URL (ui/log-filters.ts); the form is what is being edited.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { navigate, useSearch } from '../router.js';
import type { LogQuery, PdfLog } from '../types.js';
import { formatBytes, formatMs, formatTime } from '../ui/format.js';
import { useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { filtersFromSearch, PAGE_SIZES, searchFromFilters, type LogFilters as Filters } from '../ui/log-filters.js';
import { SelectField } from '../ui/select-field.js';

/** datetime-local values are local wall time; the API takes ISO 8601 instants. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function toQuery(f: Filters, cursor: string | undefined): LogQuery {
  const q: LogQuery = { limit: Number(f.limit) };
  if (f.status) q.status = f.status;
  if (f.template_id) q.template_id = f.template_id;
  const from = toIso(f.from);
  const to = toIso(f.to);
  if (from) q.from = from;
  if (to) q.to = to;
  if (cursor) q.cursor = cursor;
  return q;
}

/** A log without a template is a raw-HTML render, or one whose template was not found. */
function templateCell(l: PdfLog) {
  if (l.template_id) return <a href={`/templates/${l.template_id}`}>{l.template_name ?? l.template_id}</a>;
  return l.template_name ?? (l.status === 'success' ? 'Raw HTML' : '—');
}

export function LogsPage() {
  useTitle('Logs');
  const h1 = useFocusHeading();
  const search = useSearch();
  const applied = useMemo(() => filtersFromSearch(search), [search]);
  const [form, setForm] = useState<Filters>(applied);
  // cursors[i] opens page i; page 0 has none. Going back pops, so "Previous" needs no server support.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const page = cursors.length - 1;
  // New filters in the URL (applied here, reloaded, or back/forward): the form shows them, from page one.
  // Not on mount: the form starts from them already, and an edit made before the effect runs must stay.
  const shown = useRef(applied);
  useEffect(() => {
    if (shown.current === applied) return;
    shown.current = applied;
    setForm(applied);
    setCursors([undefined]);
  }, [applied]);
  const logs = useAsync(() => api.logs(toQuery(applied, cursors[page])), [applied, page]);
  const templates = useAsync(() => api.listTemplates(), []);
  const keys = useAsync(() => api.listApiKeys(), []);
  const keyName = (id: string | null) => (id ? (keys.data?.find((k) => k.id === id)?.name ?? id) : '—');

  const show = (f: Filters) => {
    const target = `/logs${searchFromFilters(f)}`;
    if (target !== location.pathname + location.search) navigate(target);
    else if (page > 0) setCursors([undefined]);
    else logs.reload();
  };
  const apply = (e: Event) => {
    e.preventDefault();
    show(form);
  };
  const reset = () => show(filtersFromSearch(''));
  const set = (k: keyof Filters) => (value: string) => setForm((f) => ({ ...f, [k]: value }));

  return (
    <section class="page">
      <div class="page-head">
        <h1 ref={h1} tabIndex={-1}>
          Logs
        </h1>
        <button type="button" class="secondary" onClick={logs.reload}>
          Refresh
        </button>
      </div>
      <form class="filters" onSubmit={apply} aria-label="Log filters">
        <SelectField label="Status" value={form.status} onChange={set('status')}>
          <option value="">All</option>
          <option value="success">Success</option>
          <option value="error">Error</option>
        </SelectField>
        <SelectField label="Template" value={form.template_id} onChange={set('template_id')}>
          <option value="">All templates</option>
          {templates.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <label class="field">
          <span>From</span>
          <input type="datetime-local" value={form.from} onInput={(e) => set('from')(e.currentTarget.value)} />
        </label>
        <label class="field">
          <span>To</span>
          <input type="datetime-local" value={form.to} onInput={(e) => set('to')(e.currentTarget.value)} />
        </label>
        <SelectField label="Per page" value={form.limit} onChange={set('limit')}>
          {PAGE_SIZES.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </SelectField>
        <div class="filter-actions">
          <button type="submit">Apply filters</button>
          <button type="button" class="secondary" onClick={reset}>
            Reset
          </button>
        </div>
      </form>
      {logs.error && (
        <p class="error" role="alert">
          {logs.error.message}
        </p>
      )}
      {logs.data && logs.data.data.length === 0 && <p class="empty">No renders match these filters yet.</p>}
      {logs.data && logs.data.data.length > 0 && (
        <table class="list logs" aria-busy={logs.loading}>
          <caption class="visually-hidden">Render logs, newest first, page {page + 1}</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Template</th>
              <th scope="col">Status</th>
              <th scope="col">Duration</th>
              <th scope="col">Size</th>
              <th scope="col">API key</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {logs.data.data.map((l) => (
              <tr key={l.id}>
                <td class="time">
                  <time dateTime={l.created_at}>{formatTime(l.created_at)}</time>
                </td>
                <td>{templateCell(l)}</td>
                <td>
                  <span class={`status ${l.status}`}>{l.status}</span>
                </td>
                <td class="num">{formatMs(l.duration_ms)}</td>
                <td class="num">{formatBytes(l.size_bytes)}</td>
                <td>{keyName(l.api_key_id)}</td>
                <td class="log-error">{l.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav class="pager" aria-label="Log pages">
        <button type="button" class="secondary" disabled={page === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Previous page
        </button>
        <span>Page {page + 1}</span>
        <button
          type="button"
          class="secondary"
          disabled={!logs.data?.has_more || !logs.data.next_cursor}
          onClick={() => setCursors([...cursors, logs.data?.next_cursor ?? undefined])}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
