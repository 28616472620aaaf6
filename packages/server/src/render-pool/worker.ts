/**
 * Render worker (a child process of the server, see pool.ts): receives RenderJobs over IPC,
 * runs @platen/core's renderDocument and sends the PDF bytes back. A job over the time or
 * memory limit is not handled here: the pool kills this process instead, which is the only
 * way to stop synchronous layout code.
 */
import { renderDocument } from '@platen/core';
import type { RenderOptions } from '@platen/core';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type {
  JobMessage,
  MemoryMessage,
  MemoryRequest,
  ReadyMessage,
  ResultMessage,
  WorkerMemory,
} from './messages.js';

function toFailure(id: number, error: unknown): ResultMessage {
  const e = error as { code?: unknown; message?: unknown; param?: unknown; line?: unknown } | null;
  // Errors without a PlatenError code are bugs: 'internal' tells the server to log the message, not show it.
  const code = typeof e?.code === 'string' ? e.code : 'internal';
  const message = typeof e?.message === 'string' ? e.message : 'The render failed.';
  return typeof e?.param === 'string'
    ? { id, ok: false, code, message, param: e.param }
    : { id, ok: false, code, message };
}

/** A template can produce thousands of warnings (one per missing image): the first ones tell the story. */
const MAX_WARNINGS = 50;

async function handle({ id, job }: JobMessage): Promise<void> {
  let result: ResultMessage;
  try {
    const options = {
      html: job.html,
      data: job.data,
      format: job.format as RenderOptions['format'],
      header: job.header,
      footer: job.footer,
      firstPage: job.firstPage,
      lastPage: job.lastPage,
      blocks: job.blocks,
      allowPrivateNetwork: job.allowPrivateNetwork,
      maxPages: job.maxPages,
      maxHtmlBytes: job.maxHtmlBytes,
      fontDirs: job.fontDirs,
      maxResources: job.maxResources,
      maxResourceBytes: job.maxResourceBytes,
      ...(job.baseDir === null ? {} : { baseDir: job.baseDir }),
      ...(job.pdf === null ? {} : { pdf: job.pdf }),
    } satisfies RenderOptions;
    const out = await renderDocument(options);
    // An exact-size copy: the IPC message serialises the whole underlying buffer.
    const pdf = new Uint8Array(out.pdf);
    const warnings = out.diagnostics.slice(0, MAX_WARNINGS).map(({ code, message }) => ({ code, message }));
    result = { id, ok: true, pdf, pageCount: out.pageCount, warnings };
  } catch (error) {
    result = toFailure(id, error);
  }
  process.send?.(result);
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function workerMemory(request: MemoryRequest): WorkerMemory {
  if (request.gc) gc();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const heapSpaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]));
  return { pid: process.pid, rss, heapSpaces, heapUsed, external, arrayBuffers };
}

process.on('message', (message: JobMessage | MemoryRequest) => {
  if ('memory' in message) process.send?.({ memory: workerMemory(message) } satisfies MemoryMessage);
  else void handle(message);
});
process.send?.({ ready: true } satisfies ReadyMessage);
