/**
 * The template editor: HTML with syntax highlighting, sample data, page format,
 * header/footer pickers, and a live pdf.js preview that follows the typing.
 * `id` null means a new, not yet saved template.
 */
import { useMemo, useState } from 'preact/hooks';
import { api, errorLine, errorText } from '../api.js';
import { navigate } from '../router.js';
import type { Component, JsonObject, PreviewRequest, Template } from '../types.js';
import { cleanFormat } from '../ui/clean-format.js';
import type { LineDiagnostic } from '../ui/code-editor.js';
import { confirmAction } from '../ui/confirm.js';
import { downloadPdf, useSaveShortcut, useUnsavedGuard } from '../ui/editor-hooks.js';
import { useAction, useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { checkJson } from '../ui/json-check.js';
import { PdfPreview } from '../ui/pdf-preview.js';
import { useLivePreview } from '../ui/use-preview.js';
import { TemplateFields, type Draft } from './template-fields.js';

const STARTER_HTML = `<h1>Hello {{name}}</h1>
<p>Write HTML with Handlebars variables such as <code>{{name}}</code>.
The preview on the right follows your typing.</p>
`;
const STARTER_DATA = `{
  "name": "World"
}
`;

function draftOf(t: Template | null): Draft {
  if (!t)
    return {
      name: 'Untitled template',
      html: STARTER_HTML,
      sample: STARTER_DATA,
      format: {},
      pdf: '{}\n',
      header: '',
      footer: '',
    };
  return {
    name: t.name,
    html: t.html,
    sample: `${JSON.stringify(t.sample_data, null, 2)}\n`,
    format: t.pdf_format ?? {},
    pdf: `${JSON.stringify(t.pdf_options ?? {}, null, 2)}\n`,
    header: t.header_component_id ?? '',
    footer: t.footer_component_id ?? '',
  };
}

export function TemplateEditor(props: { id: string | null }) {
  const loaded = useAsync(() => (props.id ? api.getTemplate(props.id) : Promise.resolve(null)), [props.id]);
  const components = useAsync(() => api.listComponents(), []);
  if (loaded.error) {
    return (
      <section class="page">
        <h1>Template</h1>
        <p class="error" role="alert">
          {loaded.error.message}
        </p>
      </section>
    );
  }
  if (loaded.loading)
    return (
      <p class="loading" role="status">
        Loading template…
      </p>
    );
  return <EditorForm template={loaded.data} components={components.data ?? []} />;
}

function EditorForm(props: { template: Template | null; components: Component[] }) {
  const [saved, setSaved] = useState<Template | null>(props.template);
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.template));
  const [baseline, setBaseline] = useState(() => JSON.stringify(draftOf(props.template)));
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');
  useTitle(saved ? `${draft.name} – Template` : 'New template');
  const h1 = useFocusHeading();

  const dirty = JSON.stringify(draft) !== baseline;
  const data = checkJson(draft.sample);
  const pdf = checkJson(draft.pdf);
  const request = useMemo<PreviewRequest | null>(
    () =>
      data.ok && pdf.ok
        ? {
            html: draft.html,
            data: data.value,
            format: cleanFormat(draft.format),
            ...(Object.keys(pdf.value).length > 0 ? { pdf: pdf.value } : {}),
            header_component_id: draft.header || null,
            footer_component_id: draft.footer || null,
          }
        : null,
    [draft.html, draft.sample, draft.format, draft.pdf, draft.header, draft.footer],
  );
  const preview = useLivePreview(request);
  const syntax = preview.error?.code === 'template_syntax_error' ? preview.error : null;
  const otherError = preview.error && !syntax ? preview.error : null;
  const htmlDiagnostics = useMemo<LineDiagnostic[]>(
    () => (syntax ? [{ line: errorLine(syntax), message: syntax.message }] : []),
    [syntax],
  );
  const jsonDiagnostics = useMemo<LineDiagnostic[]>(() => (data.ok ? [] : [data.error]), [data.ok, draft.sample]);
  const pdfDiagnostics = useMemo<LineDiagnostic[]>(() => (pdf.ok ? [] : [pdf.error]), [pdf.ok, draft.pdf]);
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    if (!data.ok || !pdf.ok || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      const t = await saveTemplate(saved, draft, data.value, pdf.value);
      setSaved(t);
      setBaseline(JSON.stringify(draft));
      setNotice(`Saved at ${new Date().toLocaleTimeString()}`);
      if (!saved) history.replaceState(null, '', `/templates/${t.id}`);
    } catch (err) {
      setSaveError(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save());
  const action = useAction();
  useUnsavedGuard(dirty, 'template');

  return (
    <section class="page editor-page">
      <div class="editor-head">
        <h1 ref={h1} tabIndex={-1}>
          {saved ? 'Edit template' : 'New template'}
        </h1>
        <div class="toolbar">
          <span class="save-state" role="status">
            {saving ? 'Saving…' : dirty ? 'Unsaved changes' : notice}
          </span>
          <button
            type="button"
            class="secondary"
            disabled={!preview.bytes}
            onClick={() => preview.bytes && downloadPdf(preview.bytes, `${saved?.slug ?? 'preview'}.pdf`)}
          >
            Download PDF
          </button>
          {saved && (
            <button type="button" class="secondary" onClick={action.run(() => duplicate(saved))}>
              Duplicate
            </button>
          )}
          {saved && (
            <button type="button" class="secondary danger-text" onClick={action.run(() => remove(saved))}>
              Delete
            </button>
          )}
          <button type="button" onClick={save} disabled={!data.ok || !pdf.ok || saving} aria-keyshortcuts="Control+S">
            Save
          </button>
        </div>
      </div>
      {saveError && (
        <p class="error" role="alert">
          Not saved: {saveError}
        </p>
      )}
      {action.error && (
        <p class="error" role="alert">
          {action.error}
        </p>
      )}
      <div class="editor-grid">
        <TemplateFields
          draft={draft}
          update={update}
          saved={saved}
          components={props.components}
          syntax={syntax}
          htmlDiagnostics={htmlDiagnostics}
          jsonDiagnostics={jsonDiagnostics}
          pdfDiagnostics={pdfDiagnostics}
          formatErrorParam={otherError?.param ?? null}
        />
        <div class="editor-preview">
          {otherError && (
            <p class="error" role="alert">
              Preview failed: {otherError.message}
            </p>
          )}
          {syntax && <p class="note">The template has an error; the last good preview is shown.</p>}
          <PdfPreview
            bytes={preview.bytes}
            stale={preview.pending || preview.error !== null || !data.ok || !pdf.ok}
            label="PDF preview"
          />
        </div>
      </div>
    </section>
  );
}

function saveTemplate(
  saved: Template | null,
  draft: Draft,
  sample: JsonObject,
  pdfOptions: JsonObject,
): Promise<Template> {
  const body = {
    name: draft.name.trim() || 'Untitled template',
    html: draft.html,
    sample_data: sample,
    pdf_format: cleanFormat(draft.format),
    pdf_options: pdfOptions,
    header_component_id: draft.header || null,
    footer_component_id: draft.footer || null,
  };
  return saved ? api.updateTemplate(saved.id, body) : api.createTemplate(body);
}

async function duplicate(t: Template): Promise<void> {
  const copy = await api.duplicateTemplate(t.id);
  navigate(`/templates/${copy.id}`);
}

async function remove(t: Template): Promise<void> {
  const ok = await confirmAction({
    title: 'Delete template?',
    message: `“${t.name}” will be deleted permanently. Logs that name it stay.`,
    confirmLabel: 'Delete template',
    danger: true,
  });
  if (!ok) return;
  await api.deleteTemplate(t.id);
  navigate('/templates');
}
