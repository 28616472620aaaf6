import { getRouterParam, type H3Event } from 'h3';
import { notFound } from '../errors.js';

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

/** An inline PDF answer with the download filename DECISIONS.md fixes (slug or "document"). */
export function pdfResponse(pdf: Uint8Array, filename: string): Response {
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.byteLength),
      'content-disposition': `inline; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
