import { Worker } from 'node:worker_threads';
import { htmlToText, previewOf } from './html-text.js';

export type TextKind = 'text' | 'preview';
export interface TextJob {
  readonly id: number;
  readonly html: string;
  readonly kind: TextKind;
}
export type TextResult =
  { readonly id: number; readonly text: string } | { readonly id: number; readonly error: string };

export interface TextExtractor {
  /** `plain_text` of a template's HTML. */
  plainText(html: string): Promise<string>;
  /** `preview` of a component's HTML. */
  preview(html: string): Promise<string>;
  /** Is the worker thread running (it starts on the first large task, stops when idle)? */
  running(): boolean;
  close(): Promise<void>;
}

export interface TextExtractorOptions {
  /** HTML up to this many UTF-16 units is read on the calling thread (a few ms at most). */
  readonly inlineLength: number;
  /** V8 old-generation limit of the worker. */
  readonly memoryMb: number;
  /** The worker stops after this long without a task (default 5 s), giving its memory back. */
  readonly idleMs?: number;
}

/** 32 Ki characters take at most about 20 ms, the worst inputs of the security tests included. */
export const INLINE_TEXT_LENGTH = 32 * 1024;

function workerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker-source.mjs', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

/**
 * Text extraction is linear, but a 10 MiB template still takes seconds: on the event loop
 * that would stall every request. Small HTML is read inline; larger HTML goes to one
 * worker thread, started on first use, replaced if it dies, and stopped after `idleMs`
 * without a task: a worker's heap grows with the large inputs it read and V8 gives little
 * back (the load test's 1 MB templates left the server 60 MB larger).
 */
export function createTextExtractor(options: TextExtractorOptions): TextExtractor {
  let worker: Worker | null = null;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;

  /** The worker died (or is being closed): its tasks fail, the next task starts a new one. */
  function failAll(dead: Worker | null, error: Error): void {
    if (dead !== worker) return;
    worker = null;
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  }

  function start(): Worker {
    const w = new Worker(workerUrl(), { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    w.on('message', (result: TextResult) => {
      const task = pending.get(result.id);
      pending.delete(result.id);
      if (task && 'text' in result) task.resolve(result.text);
      else if (task && 'error' in result) task.reject(new Error(result.error));
      if (pending.size === 0) {
        w.unref();
        idleTimer = setTimeout(() => stopIdle(w), options.idleMs ?? 5000);
        idleTimer.unref();
      }
    });
    w.on('error', (error) => failAll(w, error));
    w.on('exit', () => failAll(w, new Error('The text worker stopped.')));
    return w;
  }

  function stopIdle(w: Worker): void {
    if (w !== worker || pending.size > 0) return;
    worker = null;
    w.removeAllListeners();
    void w.terminate();
  }

  function run(html: string, kind: TextKind): Promise<string> {
    if (html.length <= options.inlineLength)
      return Promise.resolve(kind === 'preview' ? previewOf(html) : htmlToText(html));
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const w = (worker ??= start());
    w.ref(); // a task is waiting: keep the process alive until it answers
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, html, kind } satisfies TextJob);
    });
  }

  return {
    plainText: (html) => run(html, 'text'),
    preview: (html) => run(html, 'preview'),
    running: () => worker !== null,
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      failAll(w, new Error('The server is shutting down.'));
      if (w) {
        w.removeAllListeners();
        await w.terminate();
      }
    },
  };
}
