/**
 * The template editor: HTML with syntax highlighting, sample data, page format,
 * header/footer pickers, and a live pdf.js preview that follows the typing.
 * `id` null means a new, not yet saved template.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, api, errorLine } from '../api.js';
import { navigate } from '../router.js';
import type { Component, PdfFormat, PreviewRequest, Template } from '../types.js';
import { CodeEditor, type LineDiagnostic } from '../ui/code-editor.js';
import { confirmAction } from '../ui/confirm.js';
import { FormatFields, cleanFormat } from '../ui/format-fields.js';
import { useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { checkJson } from '../ui/json-check.js';
import { PdfPreview } from '../ui/pdf-preview.js';
import { useLivePreview } from '../ui/use-preview.js';
import { SelectField } from '../ui/select-field.js';

const STARTER_HTML = `<h1>Hello {{name}}</h1>
<p>Write HTML with Handlebars variables such as <code>{{name}}</code>.
The preview on the right follows your typing.</p>
`;
const STARTER_DATA = `{
  "name": "World"
}
`;

interface Draft {
  name: string;
  html: string;
  sample: string;
  format: PdfFormat;
  header: string;
  footer: string;
}

function draftOf(t: Template | null): Draft {
  if (!t) return { name: 'Untitled template', html: STARTER_HTML, sample: STARTER_DATA, format: {}, header: '', footer: '' };
  return {
    name: t.name, html: t.html, sample: `${JSON.stringify(t.sample_data, null, 2)}\n`, format: t.pdf_format ?? {},
    header: t.header_component_id ?? '', footer: t.footer_component_id ?? '',
  };
}

export function TemplateEditor(props: { id: string | null }) {
  const loaded = useAsync(() => (props.id ? api.getTemplate(props.id) : Promise.resolve(null)), [props.id]);
  const components = useAsync(() => api.listComponents(), []);
  if (loaded.error) {
    return <section class="page"><h1>Template</h1><p class="error" role="alert">{loaded.error.message}</p></section>;
  }
  if (loaded.loading) return <p class="loading" role="status">Loading template…</p>;
  return <EditorForm template={loaded.data} components={components.data ?? []} />;
}

function EditorForm(props: { template: Template | null; components: Component[] }) {
  const [saved, setSaved] = useState<Template | null>(props.template);
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.template));
  const [baseline, setBaseline] = useState(() => JSON.stringify(draftOf(props.template)));
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');
  useTitle(saved ? `${draft.name} – Template` : 'New template');
  const h1 = useFocusHeading();

  const dirty = JSON.stringify(draft) !== baseline;
  const data = checkJson(draft.sample);
  const request = useMemo<PreviewRequest | null>(() => (data.ok ? {
    html: draft.html, data: data.value, format: cleanFormat(draft.format),
    header_component_id: draft.header || null, footer_component_id: draft.footer || null,
  } : null), [draft.html, draft.sample, draft.format, draft.header, draft.footer]);
  const preview = useLivePreview(request);

  const syntax = preview.error?.code === 'template_syntax_error' ? preview.error : null;
  const htmlDiagnostics = useMemo<LineDiagnostic[]>(
    () => (syntax ? [{ line: errorLine(syntax), message: syntax.message }] : []), [syntax]);
  const jsonDiagnostics = useMemo<LineDiagnostic[]>(() => (data.ok ? [] : [data.error]), [data.ok, draft.sample]);
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    if (!data.ok || saving) return;
    setSaving(true);
    setSaveError(null);
    const body = {
      name: draft.name.trim() || 'Untitled template', html: draft.html, sample_data: data.value,
      pdf_format: cleanFormat(draft.format), header_component_id: draft.header || null, footer_component_id: draft.footer || null,
    };
    try {
      const t = saved ? await api.updateTemplate(saved.id, body) : await api.createTemplate(body);
      setSaved(t);
      setBaseline(JSON.stringify(draft));
      setNotice(`Saved at ${new Date().toLocaleTimeString()}`);
      if (!saved) history.replaceState(null, '', `/templates/${t.id}`);
    } catch (err) {
      setSaveError(err instanceof ApiError ? err : new ApiError(0, 'api_error', 'network', String(err), null));
    } finally {
      setSaving(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') { e.preventDefault(); void save(); }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  const duplicate = async () => {
    if (!saved) return;
    const copy = await api.duplicateTemplate(saved.id);
    navigate(`/templates/${copy.id}`);
  };
  const remove = async () => {
    if (!saved) return;
    const ok = await confirmAction({
      title: 'Delete template?', message: `“${saved.name}” will be deleted permanently. Logs that name it stay.`,
      confirmLabel: 'Delete template', danger: true,
    });
    if (!ok) return;
    await api.deleteTemplate(saved.id);
    navigate('/templates');
  };

  const headers = props.components.filter((c) => c.type === 'header');
  const footers = props.components.filter((c) => c.type === 'footer');
  const otherError = preview.error && !syntax ? preview.error : null;

  return (
    <section class="page editor-page">
      <div class="editor-head">
        <h1 ref={h1} tabIndex={-1}>{saved ? 'Edit template' : 'New template'}</h1>
        <div class="toolbar">
          <span class="save-state" role="status">{saving ? 'Saving…' : dirty ? 'Unsaved changes' : notice}</span>
          {saved && <button type="button" class="secondary" onClick={duplicate}>Duplicate</button>}
          {saved && <button type="button" class="secondary danger-text" onClick={remove}>Delete</button>}
          <button type="button" onClick={save} disabled={!data.ok || saving} aria-keyshortcuts="Control+S">Save</button>
        </div>
      </div>
      {saveError && <p class="error" role="alert">Not saved: {saveError.message}</p>}
      <div class="editor-grid">
        <div class="editor-form">
          <label class="field">
            <span>Name</span>
            <input value={draft.name} required onInput={(e) => update({ name: e.currentTarget.value })} />
          </label>
          {saved && <p class="hint">Render it with <code>"template_id": "{saved.slug}"</code> or <code>{saved.id}</code>.</p>}
          <div class="field">
            <span id="html-label">HTML</span>
            <CodeEditor language="html" labelledBy="html-label" value={draft.html} minHeight="16rem"
              onChange={(html) => update({ html })} diagnostics={htmlDiagnostics} />
          </div>
          {syntax && (
            <p class="error inline-error" role="alert" id="template-error">
              {syntax.message}
            </p>
          )}
          <div class="field">
            <span id="data-label">Sample data (JSON)</span>
            <CodeEditor language="json" labelledBy="data-label" value={draft.sample} minHeight="6rem"
              onChange={(sample) => update({ sample })} diagnostics={jsonDiagnostics} />
          </div>
          {!data.ok && <p class="error inline-error" role="alert">{data.error.message}</p>}
          <div class="component-pickers">
            <ComponentPicker label="Header" options={headers} value={draft.header} onChange={(header) => update({ header })} />
            <ComponentPicker label="Footer" options={footers} value={draft.footer} onChange={(footer) => update({ footer })} />
          </div>
          <details class="format">
            <summary>Page format</summary>
            <FormatFields value={draft.format} onChange={(format) => update({ format })} errorParam={otherError?.param ?? null} />
          </details>
        </div>
        <div class="editor-preview">
          {otherError && <p class="error" role="alert">Preview failed: {otherError.message}</p>}
          {syntax && <p class="note">The template has an error; the last good preview is shown.</p>}
          <PdfPreview bytes={preview.bytes} stale={preview.pending || preview.error !== null || !data.ok} label="PDF preview" />
        </div>
      </div>
    </section>
  );
}

function ComponentPicker(props: { label: string; options: Component[]; value: string; onChange: (id: string) => void }) {
  return (
    <SelectField label={props.label} value={props.value} onChange={props.onChange}>
      <option value="">None</option>
      {props.options.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
    </SelectField>
  );
}
