/**
 * CodeMirror 6 in a Preact component. CodeMirror owns the document; we mirror
 * it out through onChange and only push `value` back in when it changes from
 * outside (a template loaded from the server), so typing never fights a re-render.
 * Template errors arrive as `diagnostics` and show inline on their line.
 */
import { basicSetup } from 'codemirror';
import { EditorView } from '@codemirror/view';
import { EditorState, type Extension } from '@codemirror/state';
import { html } from '@codemirror/lang-html';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { closeTagTypeOver } from './close-tag-type-over.js';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';

export interface LineDiagnostic {
  /** 1-based line; null puts the message on the first line. */
  line: number | null;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  language: 'html' | 'json';
  /** id of the visible label element (aria-labelledby). */
  labelledBy: string;
  diagnostics: LineDiagnostic[];
  minHeight?: string;
  /** Hands out the CodeMirror view, for callers that insert text at the cursor. */
  onView?: (view: EditorView | null) => void;
}

/** Replaces the selection (or inserts at the cursor) and puts the focus back in the editor. */
export function insertAtCursor(view: EditorView, text: string): void {
  view.dispatch(view.state.replaceSelection(text));
  view.focus();
}

function toDiagnostics(state: EditorState, list: LineDiagnostic[]): Diagnostic[] {
  return list.map((d) => {
    const n = Math.min(Math.max(d.line ?? 1, 1), state.doc.lines);
    const line = state.doc.line(n);
    return { from: line.from, to: Math.max(line.to, line.from), severity: 'error', message: d.message };
  });
}

export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    const extensions: Extension[] = [
      basicSetup,
      props.language === 'html' ? [html({ autoCloseTags: true }), closeTagTypeOver()] : json(),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-labelledby': props.labelledBy, 'aria-multiline': 'true' }),
      EditorView.theme({
        '&': { minHeight: props.minHeight ?? '12rem' },
        '.cm-scroller': { minHeight: props.minHeight ?? '12rem' },
      }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) onChange.current(u.state.doc.toString());
      }),
    ];
    const v = new EditorView({ parent: host.current!, state: EditorState.create({ doc: props.value, extensions }) });
    view.current = v;
    props.onView?.(v);
    return () => {
      props.onView?.(null);
      v.destroy();
    };
    // The editor is created once; later prop changes are applied below.
  }, []);

  // Push outside changes in synchronously, and only the newest value: Preact runs
  // plain effects after paint, and a stale one would overwrite fresh typing with
  // the text of the render before it (which then echoes back, and so on).
  const latest = useRef(props.value);
  latest.current = props.value;
  useLayoutEffect(() => {
    const v = view.current;
    const value = latest.current;
    if (!v || v.state.doc.toString() === value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [props.value]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, toDiagnostics(v.state, props.diagnostics)));
  }, [props.diagnostics]);

  return <div class="code-editor" ref={host} />;
}
