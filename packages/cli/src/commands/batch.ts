/**
 * `platen render template.html --batch items.ndjson --out-dir out/`: a mail merge. One PDF
 * per NDJSON line, rendered by a pool of worker threads (one per core by default); a line
 * that fails is reported at the end and never stops the others.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../usage.js';
import type { BatchItem, BatchReady, BatchReply, BatchTemplate } from './batch-messages.js';

export interface BatchOptions {
  readonly template: BatchTemplate;
  readonly itemsPath: string;
  readonly outDir: string;
  readonly jobs?: number;
  /** Field of each item (a dotted path: `customer.id`) whose value names its file; else the line number. */
  readonly nameField?: string;
  /** Where progress goes (stderr); a TTY gets a redrawn bar, anything else plain lines. */
  readonly progress?: NodeJS.WriteStream;
}

export interface BatchFailure {
  readonly line: number;
  readonly message: string;
}

export interface BatchSummary {
  readonly rendered: number;
  readonly failed: readonly BatchFailure[];
  /** Lines rendered with a remark, e.g. named after their line because the name field is missing. */
  readonly warnings: readonly BatchFailure[];
  readonly seconds: number;
}

/** Lines of the file as items; a line that is not a JSON object is a failure, not an abort. */
export function parseItems(
  text: string,
  outDir: string,
  nameField: string | undefined,
): { items: BatchItem[]; failed: BatchFailure[]; warnings: BatchFailure[] } {
  const items: BatchItem[] = [];
  const failed: BatchFailure[] = [];
  const warnings: BatchFailure[] = [];
  const used = new Set<string>();
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (error) {
      failed.push({ line, message: `not valid JSON (${error instanceof Error ? error.message : String(error)})` });
      return;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      failed.push({ line, message: 'not a JSON object' });
      return;
    }
    const fromField = nameField === undefined ? '' : fieldText(data, nameField);
    if (nameField !== undefined && fromField === '')
      warnings.push({ line, message: `no text or number at --name-field ${nameField}; named after its line` });
    items.push({ line, data: data as Record<string, unknown>, path: join(outDir, fileName(fromField, line, used)) });
  });
  return { items, failed, warnings };
}

/** The string or number at a dotted path of the item (own properties only), else ''. */
function fieldText(data: object, path: string): string {
  let value: unknown = data;
  for (const key of path.split('.')) {
    value =
      typeof value === 'object' && value !== null && Object.hasOwn(value, key)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** `<field value>.pdf` made safe for a file name, or `<line>.pdf`; a name used twice gets `-<line>`. */
function fileName(fromField: string, line: number, used: Set<string>): string {
  // Keep letters, digits, dot, dash, underscore; no path separators, no leading dots.
  const safe = fromField
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  let base = safe === '' ? String(line) : safe;
  if (used.has(base)) base = `${base}-${line}`;
  used.add(base);
  return `${base}.pdf`;
}

/** Render every item through `jobs` worker threads; resolves when all are done. */
export async function runBatch(options: BatchOptions): Promise<BatchSummary> {
  const text = await readFile(options.itemsPath, 'utf8');
  await mkdir(options.outDir, { recursive: true });
  const { items, failed, warnings } = parseItems(text, options.outDir, options.nameField);
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), items.length || 1));
  const progress = createProgress(options.progress ?? process.stderr, items.length);
  const started = performance.now();
  let rendered = 0;
  let finished = 0;
  await runPool(options.template, items, jobs, (reply) => {
    finished++;
    if (reply.ok) rendered++;
    else failed.push({ line: reply.line, message: reply.message });
    progress.update(reply, finished);
  });
  progress.done();
  failed.sort((a, b) => a.line - b.line);
  return { rendered, failed, warnings, seconds: (performance.now() - started) / 1000 };
}

function runPool(
  template: BatchTemplate,
  items: readonly BatchItem[],
  jobs: number,
  onReply: (reply: BatchReply) => void,
): Promise<void> {
  const queue = [...items];
  let pending = items.length;
  return new Promise((resolve, reject) => {
    if (pending === 0) {
      resolve();
      return;
    }
    const startWorker = (): void => {
      // node:worker_threads loaded here: `platen render` without --batch need not load it.
      const { Worker } = process.getBuiltinModule('node:worker_threads');
      const worker = new Worker(new URL('./batch-worker.js', import.meta.url), { workerData: template });
      let ready = false;
      let current: BatchItem | null = null;
      const next = (): void => {
        current = queue.shift() ?? null;
        if (current) worker.postMessage(current);
        else void worker.terminate();
      };
      worker.on('message', (message: BatchReply | BatchReady) => {
        if ('ready' in message) ready = true;
        else {
          current = null;
          onReply(message);
          if (--pending === 0) resolve();
        }
        next();
      });
      worker.on('error', (error) => {
        // A worker that cannot even start is a broken install: stop. One that crashed on
        // a line (out of memory…) fails that line, and a fresh worker takes the rest.
        if (!ready) {
          reject(error);
          return;
        }
        if (current) {
          onReply({ line: current.line, ok: false, message: `the render worker crashed (${error.message})` });
          current = null;
          if (--pending === 0) resolve();
        }
        if (queue.length > 0) startWorker();
      });
    };
    for (let i = 0; i < jobs; i++) startWorker();
  });
}

interface Progress {
  update(reply: BatchReply, finished: number): void;
  done(): void;
}

// ANSI: carriage return and erase the whole line, so a shorter redraw leaves no old characters.
const CLEAR_LINE = '\r\x1b[2K';

/** A redrawn bar with rate and ETA on a terminal, erased when done; one plain line per item otherwise (logs, CI). */
function createProgress(out: NodeJS.WriteStream, total: number): Progress {
  const started = performance.now();
  let lastDraw = 0;
  const tty = out.isTTY === true;
  const draw = (finished: number, force: boolean): void => {
    const now = performance.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const seconds = (now - started) / 1000;
    const rate = seconds > 0 ? finished / seconds : 0;
    const eta = rate > 0 ? Math.ceil((total - finished) / rate) : 0;
    const width = 30;
    const filled = total === 0 ? width : Math.round((finished / total) * width);
    out.write(
      `${CLEAR_LINE}[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${finished}/${total}  ${rate.toFixed(1)}/s  ETA ${formatSeconds(eta)}`,
    );
  };
  return {
    update(reply, finished) {
      if (tty) draw(finished, finished === total);
      else
        out.write(
          reply.ok
            ? `platen: line ${reply.line} rendered (${finished}/${total})\n`
            : `platen: line ${reply.line} failed (${finished}/${total})\n`,
        );
    },
    done() {
      if (tty && total > 0) out.write(CLEAR_LINE);
    },
  };
}

function formatSeconds(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** The end-of-run report; exit status 1 when any line failed. */
export function reportBatch(summary: BatchSummary, out: NodeJS.WriteStream = process.stderr): void {
  const rate = summary.seconds > 0 ? (summary.rendered / summary.seconds).toFixed(1) : '0';
  out.write(
    `platen: ${summary.rendered} rendered, ${summary.failed.length} failed in ${summary.seconds.toFixed(1)} s (${rate}/s)\n`,
  );
  for (const w of summary.warnings) out.write(`platen: warning: line ${w.line}: ${w.message}\n`);
  for (const f of summary.failed) out.write(`platen: line ${f.line}: ${f.message}\n`);
  if (summary.failed.length > 0) process.exitCode = 1;
}

/** `--jobs N`: a positive integer. */
export function parseJobs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--jobs wants a positive integer, got "${value}"`);
  return n;
}
