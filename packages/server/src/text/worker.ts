/** Text worker: turns large HTML into `plain_text` or a `preview` away from the event loop. */
import { parentPort } from 'node:worker_threads';
import { htmlToText, previewOf } from './html-text.js';
import type { TextJob, TextResult } from './text-extractor.js';

parentPort?.on('message', ({ id, html, kind }: TextJob) => {
  let result: TextResult;
  try {
    result = { id, text: kind === 'preview' ? previewOf(html) : htmlToText(html) };
  } catch (error) {
    result = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(result);
});
