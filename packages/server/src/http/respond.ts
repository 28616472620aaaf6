import { getRouterParam, type H3Event } from 'h3';
import { JSON_CONTENT_TYPE, notFound } from '../errors.js';
import type { SizedStream } from '../blob-store.js';
import type { RenderWarning } from '../render-pool/messages.js';

/** 201 with a JSON body. */
export function created<T>(event: H3Event, value: T): T {
  event.res.status = 201;
  return value;
}

/** The `{id}` route parameter (h3 only matches routes that have it). */
export function idParam(event: H3Event): string {
  return decodeURIComponent(getRouterParam(event, 'id') ?? '');
}

/** A found value or 404 resource_not_found, for every `{id}` route. */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}

/** Room for warnings in a response header, well below the 8 KB many proxies allow for all headers. */
const WARNINGS_HEADER_BYTES = 4096;

/**
 * An inline PDF answer with the download filename DECISIONS.md fixes (slug or "document").
 * The engine's warnings go in `Platen-Warning-Count` and `Platen-Warnings` (a JSON array of
 * `{code, message}`, non-ASCII escaped as \uXXXX, as many as fit in 4 KB; all are in the log).
 */
export function pdfResponse(
  pdf: Uint8Array | SizedStream,
  filename: string,
  warnings: readonly RenderWarning[] = [],
): Response {
  const size = pdf instanceof Uint8Array ? pdf.byteLength : pdf.size;
  const headers: Record<string, string> = {
    'content-type': 'application/pdf',
    'content-length': String(size),
    'content-disposition': `inline; filename="${filename}"`,
    'cache-control': 'no-store',
  };
  if (warnings.length > 0) {
    headers['platen-warning-count'] = String(warnings.length);
    headers['platen-warnings'] = warningsHeader(warnings);
  }
  return new Response(pdf instanceof Uint8Array ? (pdf as Uint8Array<ArrayBuffer>) : pdf.stream, {
    status: 200,
    headers,
  });
}

function warningsHeader(warnings: readonly RenderWarning[]): string {
  const ascii = (value: unknown) =>
    JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const kept: string[] = [];
  let length = 2; // the brackets
  for (const warning of warnings) {
    const item = ascii(warning);
    length += item.length + (kept.length > 0 ? 1 : 0);
    if (length > WARNINGS_HEADER_BYTES) break;
    kept.push(item);
  }
  return `[${kept.join(',')}]`;
}

/**
 * A JSON array answered one element at a time: `load` reads each row only when the client
 * is ready for it, so a list never holds every body in memory at once (ids whose row is
 * gone by then are skipped).
 */
export function jsonArrayResponse<T>(ids: readonly string[], load: (id: string) => Promise<T | null>): Response {
  const encoder = new TextEncoder();
  let next = 0;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (next < ids.length) {
        const row = await load(ids[next++]!);
        if (row === null) continue;
        controller.enqueue(encoder.encode((first ? '[' : ',') + JSON.stringify(row)));
        first = false;
        return;
      }
      controller.enqueue(encoder.encode(first ? '[]' : ']'));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': JSON_CONTENT_TYPE } });
}
