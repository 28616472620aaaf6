/** Shared helpers for the hardening suite: PDF text, error capture, a recording HTTP server. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatenError, renderDocument, type RenderOptions, type RenderResult } from '@platen/core';

/** The PDF's text through poppler's pdftotext (what a reader would copy). */
export { extractLayoutText as pdfText } from '../helpers/poppler.js';

export type Outcome =
  { readonly ok: true; readonly result: RenderResult } | { readonly ok: false; readonly error: PlatenError };

/**
 * Render and classify: a PDF, or a PlatenError naming the problem. Anything else
 * (a TypeError, a RangeError from a blown stack…) is rethrown so the test fails on it.
 */
export async function attempt(options: RenderOptions): Promise<Outcome> {
  try {
    return { ok: true, result: await renderDocument(options) };
  } catch (error) {
    if (error instanceof PlatenError) return { ok: false, error };
    throw error;
  }
}

/** Assert a render produced a real PDF; returns it. */
export function expectPdf(outcome: Outcome): RenderResult {
  if (!outcome.ok) throw new Error(`expected a PDF, got ${outcome.error.code}: ${outcome.error.message}`);
  const head = new TextDecoder().decode(outcome.result.pdf.subarray(0, 5));
  if (head !== '%PDF-') throw new Error(`not a PDF: ${JSON.stringify(head)}`);
  return outcome.result;
}

export interface Recorder {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly port: number;
  /** Every request path seen, in order. */
  readonly hits: string[];
  close(): Promise<void>;
}

/** A PNG of 1×1 pixel, the smallest real image a recorder can serve. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** An HTTP server on 127.0.0.1 that records every hit and answers with `handler` (default: a PNG or CSS). */
export async function startRecorder(handler?: Handler): Promise<Recorder> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (handler) return handler(req, res);
    if ((req.url ?? '').endsWith('.css')) {
      res.writeHead(200, { 'content-type': 'text/css' }).end('p { color: red }');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
