/**
 * One thread of `platen render --batch`: renders items with the template it was started
 * with and writes each PDF itself (no PDF bytes cross threads).
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { renderDocument, PlatenError, type RenderOptions } from '@platen/core';
import type { BatchItem, BatchReply, BatchTemplate } from './batch-messages.js';

const template = workerData as BatchTemplate;
const port = parentPort;

async function renderItem(item: BatchItem): Promise<BatchReply> {
  try {
    const options: RenderOptions = { ...template, data: item.data };
    const result = await renderDocument(options);
    // Atomic like a single render: a failed line never leaves half a PDF behind.
    const temporary = `${item.path}.${process.pid}.${item.line}.tmp`;
    try {
      await writeFile(temporary, result.pdf);
      await rename(temporary, item.path);
    } finally {
      await rm(temporary, { force: true });
    }
    return { line: item.line, ok: true, pages: result.pageCount };
  } catch (error) {
    const message =
      error instanceof PlatenError
        ? `${error.code}: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    return { line: item.line, ok: false, message };
  }
}

port?.on('message', (item: BatchItem) => {
  void renderItem(item).then((reply) => port.postMessage(reply));
});
port?.postMessage({ ready: true });
