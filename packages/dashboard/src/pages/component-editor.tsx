/**
 * Edit one component. The preview renders it as a document of its own: a block
 * as the body; a header or footer as the header or footer of a two-page
 * placeholder body, so placement and page numbers show as they will in templates.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { api, errorLine, errorText } from '../api.js';
import { navigate } from '../router.js';
import type { Component, ComponentType, PreviewRequest } from '../types.js';
import { CodeEditor, type LineDiagnostic } from '../ui/code-editor.js';
import { confirmAction } from '../ui/confirm.js';
import { useSaveShortcut, useUnsavedGuard } from '../ui/editor-hooks.js';
import { useAsync, useFocusHeading, useTitle } from '../ui/hooks.js';
import { PdfPreview } from '../ui/pdf-preview.js';
import { useLivePreview } from '../ui/use-preview.js';
import { SelectField } from '../ui/select-field.js';

const STARTER: Record<ComponentType, string> = {
  header: '<div style="font-size:9pt;color:#555">ACME Ltd · Invoice</div>\n',
  footer:
    '<div style="font-size:9pt;text-align:right">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>\n',
  block: '<p><strong>ACME Ltd</strong>, 1 Main Street, Springfield</p>\n',
};

/** Two pages of stand-in content, so `pageNumber` and `totalPages` show a real count. */
const SAMPLE_BODY =
  '<p style="color:#888">Template body, page one.</p>\n<p style="color:#888;break-before:page">Template body, page two.</p>\n';

function previewRequest(type: ComponentType, html: string): PreviewRequest {
  if (type === 'block') return { html, data: {} };
  // The draft goes as HTML (an unsaved component has no ID), in the role it will have.
  return { html: SAMPLE_BODY, data: {}, ...(type === 'header' ? { header_html: html } : { footer_html: html }) };
}

export function ComponentEditor(props: { id: string | null }) {
  const loaded = useAsync(() => (props.id ? api.getComponent(props.id) : Promise.resolve(null)), [props.id]);
  if (loaded.error)
    return (
      <section class="page">
        <h1>Component</h1>
        <p class="error" role="alert">
          {loaded.error.message}
        </p>
      </section>
    );
  if (loaded.loading)
    return (
      <p class="loading" role="status">
        Loading component…
      </p>
    );
  return <ComponentForm component={loaded.data} />;
}

function ComponentForm(props: { component: Component | null }) {
  const c = props.component;
  const [saved, setSaved] = useState<Component | null>(c);
  const [name, setName] = useState(c?.name ?? 'Untitled component');
  const [type, setType] = useState<ComponentType>(c?.type ?? 'block');
  const [html, setHtml] = useState(c?.html ?? STARTER.block);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  useTitle(saved ? `${name} – Component` : 'New component');
  const h1 = useFocusHeading();
  const form = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => JSON.stringify([name, type, html]));
  const dirty = JSON.stringify([name, type, html]) !== baseline;
  useSaveShortcut(() => form.current?.requestSubmit());
  useUnsavedGuard(dirty, 'component');

  const request = useMemo(() => previewRequest(type, html), [type, html]);
  const preview = useLivePreview(request);
  const syntax = preview.error?.code === 'template_syntax_error' ? preview.error : null;
  const diagnostics = useMemo<LineDiagnostic[]>(
    () => (syntax ? [{ line: errorLine(syntax), message: syntax.message }] : []),
    [syntax],
  );

  const changeType = (t: ComponentType) => {
    // Swap the starter snippet only while the user has not written anything of their own.
    if (!saved && html === STARTER[type]) setHtml(STARTER[t]);
    setType(t);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const body = { name: name.trim() || 'Untitled component', type, html };
      const next = saved ? await api.updateComponent(saved.id, body) : await api.createComponent(body);
      if (!saved) history.replaceState(null, '', `/components/${next.id}`);
      setSaved(next);
      setBaseline(JSON.stringify([name, type, html]));
      setNotice(`Saved at ${new Date().toLocaleTimeString()}`);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const remove = async () => {
    if (!saved) return;
    const ok = await confirmAction({
      title: 'Delete component?',
      message: `“${saved.name}” will be deleted; templates that use it will no longer show it.`,
      confirmLabel: 'Delete component',
      danger: true,
    });
    if (!ok) return;
    try {
      await api.deleteComponent(saved.id);
      navigate('/components');
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <section class="page editor-page">
      <form ref={form} onSubmit={save}>
        <div class="editor-head">
          <h1 ref={h1} tabIndex={-1}>
            {saved ? 'Edit component' : 'New component'}
          </h1>
          <div class="toolbar">
            <span class="save-state" role="status">
              {dirty ? 'Unsaved changes' : notice}
            </span>
            {saved && (
              <button type="button" class="secondary danger-text" onClick={remove}>
                Delete
              </button>
            )}
            <button type="submit" aria-keyshortcuts="Control+S">
              Save
            </button>
          </div>
        </div>
        {error && (
          <p class="error" role="alert">
            Not saved: {error}
          </p>
        )}
        <div class="editor-grid">
          <div class="editor-form">
            <label class="field">
              <span>Name</span>
              <input value={name} required onInput={(e) => setName(e.currentTarget.value)} />
            </label>
            <SelectField label="Type" value={type} onChange={(v) => changeType(v as ComponentType)}>
              <option value="header">Header</option>
              <option value="footer">Footer</option>
              <option value="block">Block</option>
            </SelectField>
            {saved?.type === 'block' && (
              <p class="hint">
                Place it with <code>{`<svc-block id="${saved.id}"></svc-block>`}</code>.
              </p>
            )}
            <div class="field">
              <span id="component-html-label">HTML</span>
              <CodeEditor
                language="html"
                labelledBy="component-html-label"
                value={html}
                onChange={setHtml}
                diagnostics={diagnostics}
              />
            </div>
            {syntax && (
              <p class="error inline-error" role="alert">
                {syntax.message}
              </p>
            )}
          </div>
          <div class="editor-preview">
            {preview.error && !syntax && (
              <p class="error" role="alert">
                Preview failed: {preview.error.message}
              </p>
            )}
            <PdfPreview
              bytes={preview.bytes}
              stale={preview.pending || preview.error !== null}
              label="Component preview"
            />
          </div>
        </div>
      </form>
    </section>
  );
}
