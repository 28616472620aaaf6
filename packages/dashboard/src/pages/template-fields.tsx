/** The left column of the template editor: name, HTML, sample data, components, page format. */
import type { ApiError } from '../api.js';
import type { Component, PdfFormat, Template } from '../types.js';
import type { EditorView } from '@codemirror/view';
import { useRef } from 'preact/hooks';
import { CodeEditor, insertAtCursor, type LineDiagnostic } from '../ui/code-editor.js';
import { FormatFields } from '../ui/format-fields.js';
import { SelectField } from '../ui/select-field.js';

export interface Draft {
  name: string;
  html: string;
  sample: string;
  format: PdfFormat;
  /** The template's `pdf_options` as JSON text. */
  pdf: string;
  header: string;
  footer: string;
}

export interface TemplateFieldsProps {
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
  saved: Template | null;
  components: Component[];
  htmlDiagnostics: LineDiagnostic[];
  jsonDiagnostics: LineDiagnostic[];
  pdfDiagnostics: LineDiagnostic[];
  /** The preview's template_syntax_error, shown under the HTML. */
  syntax: ApiError | null;
  /** The `param` of a preview error about the format (e.g. format.width). */
  formatErrorParam: string | null;
}

function ComponentPicker(props: {
  label: string;
  options: Component[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <SelectField label={props.label} value={props.value} onChange={props.onChange}>
      <option value="">None</option>
      {props.options.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Block components go into the HTML as <svc-block> tags; this puts one at the cursor. */
function BlockInserter(props: { blocks: Component[]; view: { current: EditorView | null } }) {
  if (props.blocks.length === 0) return null;
  return (
    <SelectField
      inline
      label="Insert block"
      value=""
      onChange={(id) => {
        if (id && props.view.current) insertAtCursor(props.view.current, `<svc-block id="${id}"></svc-block>`);
      }}
    >
      <option value="">Choose a block…</option>
      {props.blocks.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

export function TemplateFields(props: TemplateFieldsProps) {
  const { draft, update, saved, syntax } = props;
  const of = (type: Component['type']) => props.components.filter((c) => c.type === type);
  const htmlView = useRef<EditorView | null>(null);
  return (
    <div class="editor-form">
      <label class="field">
        <span>Name</span>
        <input value={draft.name} required onInput={(e) => update({ name: e.currentTarget.value })} />
      </label>
      {saved && (
        <p class="hint">
          Render it with <code>"template_id": "{saved.slug}"</code> or <code>{saved.id}</code>.
        </p>
      )}
      <div class="field">
        <span id="html-label">HTML</span>
        <CodeEditor
          language="html"
          labelledBy="html-label"
          value={draft.html}
          minHeight="16rem"
          onChange={(html) => update({ html })}
          diagnostics={props.htmlDiagnostics}
          onView={(v) => {
            htmlView.current = v;
          }}
        />
      </div>
      <BlockInserter blocks={of('block')} view={htmlView} />
      {syntax && (
        <p class="error inline-error" role="alert" id="template-error">
          {syntax.message}
        </p>
      )}
      <div class="field">
        <span id="data-label">Sample data (JSON)</span>
        <CodeEditor
          language="json"
          labelledBy="data-label"
          value={draft.sample}
          minHeight="6rem"
          onChange={(sample) => update({ sample })}
          diagnostics={props.jsonDiagnostics}
        />
      </div>
      {props.jsonDiagnostics[0] && (
        <p class="error inline-error" role="alert">
          {props.jsonDiagnostics[0].message}
        </p>
      )}
      <div class="component-pickers">
        <ComponentPicker
          label="Header"
          options={of('header')}
          value={draft.header}
          onChange={(header) => update({ header })}
        />
        <ComponentPicker
          label="Footer"
          options={of('footer')}
          value={draft.footer}
          onChange={(footer) => update({ footer })}
        />
      </div>
      <details class="format" open={props.formatErrorParam?.startsWith('format') || undefined}>
        <summary>Page format</summary>
        <FormatFields
          value={draft.format}
          onChange={(format) => update({ format })}
          errorParam={props.formatErrorParam}
        />
      </details>
      <details
        class="format"
        open={props.formatErrorParam?.startsWith('pdf') || props.pdfDiagnostics.length > 0 || undefined}
      >
        <summary>PDF options</summary>
        <div class="field">
          <span id="pdf-label">PDF options (JSON)</span>
          <CodeEditor
            language="json"
            labelledBy="pdf-label"
            value={draft.pdf}
            minHeight="4rem"
            onChange={(pdf) => update({ pdf })}
            diagnostics={props.pdfDiagnostics}
          />
        </div>
        {props.pdfDiagnostics[0] && (
          <p class="error inline-error" role="alert">
            {props.pdfDiagnostics[0].message}
          </p>
        )}
        <p class="hint">
          Metadata, PDF/A and attachments for every render of this template, e.g.{' '}
          <code>{'{"metadata": {"author": "ACME"}, "standard": "pdf/a-3b"}'}</code>. A request's <code>pdf</code> is
          merged over them; passwords (<code>encryption</code>) go in each request, never in the template.
        </p>
      </details>
    </div>
  );
}
