/** Sample data is typed as JSON text; this turns it into an object or a located error. */
import { jsonLanguage } from '@codemirror/lang-json';
import type { JsonObject } from '../types.js';
import type { LineDiagnostic } from './code-editor.js';

export type JsonCheck = { ok: true; value: JsonObject } | { ok: false; error: LineDiagnostic };

/**
 * V8's JSON.parse messages no longer carry a position ("Unexpected token 'o', …"),
 * so the editor's own JSON grammar (Lezer, error-recovering) finds the first bad spot.
 */
function errorOffset(text: string, message: string): number | null {
  const pos = /position (\d+)/.exec(message);
  if (pos?.[1]) return Number(pos[1]);
  let at: number | null = null;
  jsonLanguage.parser.parse(text).iterate({
    enter: (node) => {
      if (at !== null) return false;
      if (node.type.isError) at = node.from;
      return undefined;
    },
  });
  return at ?? (/end of JSON input/.test(message) ? text.length : null);
}

function lineOf(text: string, message: string): number | null {
  const line = /line (\d+)/.exec(message);
  if (line?.[1]) return Number(line[1]);
  const offset = errorOffset(text, message);
  return offset === null ? null : text.slice(0, offset).split('\n').length;
}

export function checkJson(text: string): JsonCheck {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { ok: false, error: { line: 1, message: 'Sample data must be a JSON object: { "name": "value" }' } };
    }
    return { ok: true, value: value as JsonObject };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, error: { line: lineOf(text, message), message: `Invalid JSON: ${message}` } };
  }
}
