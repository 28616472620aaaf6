/**
 * Render worker: receives RenderJobs, runs @platen/core's renderDocument and
 * posts the PDF bytes back (transferred, not copied). A job over the time
 * limit is not handled here: the pool terminates this thread instead, which
 * is the only way to stop synchronous layout code.
 */
import { parentPort } from 'node:worker_threads';
import { renderDocument } from '@platen/core';
import type { RenderOptions } from '@platen/core';
import type { JobMessage, ReadyMessage, ResultMessage } from './messages.js';

function toFailure(id: number, error: unknown): ResultMessage {
  const e = error as { code?: unknown; message?: unknown; param?: unknown; line?: unknown } | null;
  // Errors without a PlatenError code are bugs: 'internal' tells the server to log the message, not show it.
  const code = typeof e?.code === 'string' ? e.code : 'internal';
  const message = typeof e?.message === 'string' ? e.message : 'The render failed.';
  return typeof e?.param === 'string' ? { id, ok: false, code, message, param: e.param } : { id, ok: false, code, message };
}

/** A template can produce thousands of warnings (one per missing image): the first ones tell the story. */
const MAX_WARNINGS = 50;

async function handle({ id, job }: JobMessage): Promise<void> {
  let result: ResultMessage;
  let transfer: ArrayBuffer[] = [];
  try {
    const options = {
      html: job.html,
      data: job.data,
      format: job.format as RenderOptions['format'],
      header: job.header,
      footer: job.footer,
      blocks: job.blocks,
      allowPrivateNetwork: job.allowPrivateNetwork,
      maxPages: job.maxPages,
      maxHtmlBytes: job.maxHtmlBytes,
      fontDirs: job.fontDirs,
      maxResources: job.maxResources,
      maxResourceBytes: job.maxResourceBytes,
      ...(job.baseDir === null ? {} : { baseDir: job.baseDir }),
    } satisfies RenderOptions;
    const out = await renderDocument(options);
    // Copy into an exact-size buffer so transferring it cannot detach a shared pool buffer.
    const pdf = new Uint8Array(out.pdf);
    const warnings = out.diagnostics.slice(0, MAX_WARNINGS).map(({ code, message }) => ({ code, message }));
    result = { id, ok: true, pdf, pageCount: out.pageCount, warnings };
    transfer = [pdf.buffer];
  } catch (error) {
    result = toFailure(id, error);
  }
  parentPort?.postMessage(result, transfer);
}

parentPort?.on('message', (message: JobMessage) => {
  void handle(message);
});
parentPort?.postMessage({ ready: true } satisfies ReadyMessage);
