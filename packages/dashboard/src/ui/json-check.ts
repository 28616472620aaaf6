/** Sample data is typed as JSON text; this turns it into an object or a located error. */
import type { JsonObject } from '../types.js';
import type { LineDiagnostic } from './code-editor.js';

export type JsonCheck = { ok: true; value: JsonObject } | { ok: false; error: LineDiagnostic };

function lineOf(text: string, message: string): number | null {
  const line = /line (\d+)/.exec(message);
  if (line?.[1]) return Number(line[1]);
  const pos = /position (\d+)/.exec(message);
  if (pos?.[1]) return text.slice(0, Number(pos[1])).split('\n').length;
  return null;
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
