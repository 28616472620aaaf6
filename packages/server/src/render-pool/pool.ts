import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  JobMessage,
  MemoryMessage,
  MemoryRequest,
  ReadyMessage,
  RenderJob,
  RenderOutcome,
  ResultMessage,
  WorkerMemory,
} from './messages.js';

/** A worker's semi-space (MB) unless `semiSpaceMb` says otherwise. */
export const DEFAULT_SEMI_SPACE_MB = 8;

export interface RenderPoolOptions {
  /** Most worker processes at once (DESIGN.md: one per core); see `growAfterMs` for how many run. */
  readonly size: number;
  readonly timeoutMs: number;
  /** V8 old-generation limit per worker (`--max-old-space-size`); exceeding it kills the worker. */
  readonly memoryMb: number;
  /**
   * Resident memory per worker process, everything included (Buffers, fonts, images, PDFKit):
   * a worker above it is killed and replaced, its job fails with `render_failed`. Default:
   * twice `memoryMb`.
   */
  readonly rssMb?: number;
  /**
   * Resident memory a worker may keep between jobs: one still above it after a job, once it
   * has collected its garbage, is replaced (its job already answered, none lost), so that
   * what a huge render leaves behind (V8's heap grown to its peak, glibc arenas at their
   * high-water mark) goes with the process instead of staying for its life. Default: the
   * larger of 256 MB and half of `memoryMb` (a warm worker holds 140-220 MB with its caches
   * full; a fresh one about 90).
   */
  readonly recycleMb?: number;
  /**
   * V8's semi-space per worker (`--max-semi-space-size`; the young generation is two of them).
   * V8's default, 16 MB, is what a worker grows to under any steady rate of renders and keeps
   * while renders come. Default 8: 16 MB less resident per worker, and no main-thread CPU a
   * render that could be seen (invoice, 600-row report, long report: docs/performance.md,
   * session 19); scavenges are twice as many and each half as long.
   */
  readonly semiSpaceMb?: number;
  /** Worker entry; defaults to `defaultWorkerUrl()`. */
  readonly workerUrl?: URL | null;
  /** Jobs of one account running at once; its further jobs wait (default: all workers). */
  readonly perAccount?: number;
  /**
   * Workers beyond the first start only once a job that could run has waited this long for one
   * (default 50 ms), so a load one worker keeps up with runs on one: each worker holds
   * 90-130 MB of resident memory whether it renders or not.
   */
  readonly growAfterMs?: number;
  /**
   * Every such period (default 10 s), one worker beyond the first stops if the workers' busy
   * time in it would have kept one fewer at most half busy.
   */
  readonly shrinkAfterMs?: number;
}

/**
 * Admission of a job to a worker, asked when a worker is free for it (not when it is queued):
 * e.g. one of its account's render slots counted over every node. A slot taken at queueing
 * time could sit in the queue of a busy node while the same account's request on a node with
 * a free worker waited for it (issue 17).
 */
export interface RenderGate {
  /** A release to call once the job has ended, or null: the job waits and asks again. */
  enter(account: string): Promise<(() => Promise<void>) | null>;
  /** How long a refused job waits before asking again, unless a job of its account ends here first. */
  readonly retryMs: number;
}

export interface RenderPool {
  /** Run a job for `account` (jobs without one share an anonymous account), through `gate` if given. */
  run(job: RenderJob, account?: string, gate?: RenderGate): Promise<RenderOutcome>;
  /** Where each started worker's memory is (diagnostics: the load test); `gc` collects garbage first. */
  memory(gc: boolean): Promise<WorkerMemory[]>;
  close(): Promise<void>;
}

interface Task {
  readonly id: number;
  /** When it was queued (performance.now()), for `growAfterMs`. */
  readonly queuedAt: number;
  readonly job: RenderJob;
  readonly account: string;
  readonly gate: RenderGate | undefined;
  readonly resolve: (outcome: RenderOutcome) => void;
  /** What the gate gave when it let the job in. */
  release?: () => Promise<void>;
}

interface Slot {
  worker: ChildProcess;
  /** Set when the worker has loaded its modules; only ready workers take jobs, so start-up never counts as render time. */
  ready: boolean;
  /** The job running, or held for this worker while its gate is asked (`timer` still null). */
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** When the running job started, or since when its time was last counted as busy. */
  busySince: number;
  /** Answers to memory() requests, in the order asked. */
  memoryWaiters: ((memory: WorkerMemory | null) => void)[];
  /** Set while the worker, above `recycleMb` after a job, collects its garbage: it takes no job meanwhile. */
  checking: boolean;
}

/**
 * The worker entry. From dist/ it is the compiled worker.js beside this file.
 * From TypeScript sources (vitest runs src/ through the "source" condition),
 * a worker thread cannot load .ts by itself, so worker-source.mjs registers a
 * transpiling loader first. Chosen over "build dist before tests" because it
 * needs no build step and cannot run a stale dist.
 */
export function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./worker-source.mjs', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

const failure = (code: string, message: string): RenderOutcome => ({ ok: false, code, message });

/** How often the pool reads its workers' resident memory. */
const RSS_CHECK_MS = 100;

/** A process's resident set in bytes, from /proc (Linux); null where there is none. */
export function residentBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * A fixed-size pool of render workers started on demand. Each worker is a child process,
 * so that memory outside the V8 heap (Buffers, decoded fonts and images), which a worker
 * thread's resourceLimits do not cover, is bounded per render and not shared with the
 * server: the pool reads each worker's resident memory every 100 ms and replaces one above
 * `rssMb`; should an allocation outrun that, the kernel's out-of-memory killer picks the
 * largest process, the worker, not the server. A job over `timeoutMs` gets `render_timeout`
 * and its worker is killed and replaced (the only way to stop a runaway synchronous render);
 * a worker that dies (out of memory, crash) fails its job with `render_failed` and is replaced.
 */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const url = options.workerUrl ?? defaultWorkerUrl();
  const rssLimit = (options.rssMb ?? 2 * options.memoryMb) * 1024 * 1024;
  const recycleLimit = (options.recycleMb ?? Math.max(256, options.memoryMb / 2)) * 1024 * 1024;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  const growAfterMs = options.growAfterMs ?? 50;
  const shrinkAfterMs = options.shrinkAfterMs ?? 10_000;
  /** The pump() to come once the oldest waiting job has waited `growAfterMs`. */
  let growTimer: NodeJS.Timeout | null = null;
  /** Workers' busy time (ms) since `windowStart`, for `shrinkAfterMs`. */
  let busyMs = 0;
  let windowStart = performance.now();

  const memoryLimitFailure = failure('render_failed', 'The render exceeded its memory limit.');
  const watchdog = setInterval(() => {
    for (const slot of [...slots]) {
      const pid = slot.worker.pid;
      const rss = pid === undefined ? null : residentBytes(pid);
      if (rss !== null && rss > rssLimit) replace(slot, memoryLimitFailure);
    }
    shrinkIfIdle();
  }, RSS_CHECK_MS);
  watchdog.unref();

  function spawn(): Slot {
    const worker = fork(fileURLToPath(url), [], {
      // No compilation cache: V8 keeps the source and code of every `new Function` in it, and
      // Handlebars compiles each template so: a worker rendering distinct templates kept them
      // all, about 2 bytes of heap per character, none ever freed (issue 17's load test).
      // Our own template cache (core/src/template/expand.ts) is what reuses compiled templates.
      execArgv: [
        `--max-old-space-size=${options.memoryMb}`,
        `--max-semi-space-size=${options.semiSpaceMb ?? DEFAULT_SEMI_SPACE_MB}`,
        '--no-compilation-cache',
      ],
      serialization: 'advanced', // structured clone: PDF bytes stay a Uint8Array
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot = {
      worker,
      ready: false,
      task: null,
      timer: null,
      busySince: 0,
      memoryWaiters: [],
      checking: false,
    };
    worker.on('message', (msg: ResultMessage | ReadyMessage | MemoryMessage) => {
      if ('ready' in msg) {
        slot.ready = true;
        pump();
        return;
      }
      if ('memory' in msg) {
        slot.memoryWaiters.shift()?.(msg.memory);
        return;
      }
      if (slot.task?.id !== msg.id) return;
      const { id: _id, ...outcome } = msg;
      finish(slot, outcome as RenderOutcome);
    });
    worker.on('error', () => replace(slot, failure('render_failed', 'The render worker crashed.')));
    worker.on('exit', (_code, signal) => {
      // V8 aborts the process when its heap limit is reached.
      replace(
        slot,
        signal === 'SIGABRT' ? memoryLimitFailure : failure('render_failed', 'The render worker stopped unexpectedly.'),
      );
    });
    worker.unref();
    worker.channel?.unref();
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot, outcome: RenderOutcome): void {
    const task = slot.task;
    if (slot.timer) busyMs += performance.now() - slot.busySince;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    if (task) {
      forgetIfDone(task.account);
      // The account's waiting jobs ask their gate again as soon as its slot is back.
      void task.release?.().then(() => unblock(task.account));
    }
    task?.resolve(outcome);
    recycleIfLarge(slot);
    pump();
  }

  /** After a job: replace the worker if it keeps more than `recycleLimit` once its garbage is collected. */
  function recycleIfLarge(slot: Slot): void {
    const pid = slot.worker.pid;
    const rss = pid === undefined || !slots.includes(slot) ? null : residentBytes(pid);
    if (rss === null || rss <= recycleLimit) return;
    slot.checking = true;
    slot.memoryWaiters.push((memory) => {
      slot.checking = false;
      if (memory && memory.rss > recycleLimit && discard(slot) && !closed) spawn();
      pump();
    });
    slot.worker.send({ memory: true, gc: true } satisfies MemoryRequest);
  }

  /** Take a worker out of the pool and kill it; false if it was already out. */
  function discard(slot: Slot): boolean {
    const index = slots.indexOf(slot);
    if (index === -1) return false;
    slots.splice(index, 1);
    for (const answer of slot.memoryWaiters.splice(0)) answer(null);
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('message');
    slot.worker.on('error', () => undefined);
    slot.worker.kill('SIGKILL');
    return true;
  }

  /**
   * Drop a dead or stuck worker, fail its job, and let pump() start a fresh
   * one. A worker that dies before it is ready fails the oldest queued job
   * instead, so a broken install answers errors rather than respawning forever.
   */
  function replace(slot: Slot, outcome: RenderOutcome): void {
    if (!discard(slot)) return;
    if (!slot.ready && !slot.task)
      queue.shift()?.resolve(failure('render_failed', 'The render worker failed to start.'));
    // A job held while its gate was asked had not started: it waits for another worker.
    if (slot.task && !slot.timer) requeue(slot.task);
    else finish(slot, outcome);
    slot.task = null;
    pump();
  }

  const perAccount = options.perAccount ?? options.size;
  const runningOf = (account: string): number => slots.filter((s) => s.task?.account === account).length;

  /** When each account last started a job (a counter), for round-robin; dropped when it has none left. */
  const lastStart = new Map<string, number>();
  let starts = 0;

  /**
   * Fair queueing: among accounts under their cap, the one with the fewest jobs running,
   * then the one served longest ago, takes its oldest job. Four 30-second renders of one
   * account used to make another account's trivial render wait behind all of them (76 s).
   */
  function takeNext(): Task | undefined {
    let best = -1;
    let bestKey: [number, number] = [perAccount, Infinity];
    for (let i = 0; i < queue.length; i++) {
      if (!couldRun(queue[i]!)) continue;
      const account = queue[i]!.account;
      const key: [number, number] = [runningOf(account), lastStart.get(account) ?? 0];
      if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = i;
        bestKey = key;
      }
    }
    if (best < 0) return undefined;
    const task = queue.splice(best, 1)[0]!;
    lastStart.set(task.account, ++starts);
    return task;
  }

  /** Whether a worker free now would take `task` (its account under its cap and not refused by its gate). */
  function couldRun(task: Task): boolean {
    return !(task.gate && blocked.has(task.account)) && runningOf(task.account) < perAccount;
  }

  /**
   * Start workers for the jobs that could run: the first at once, more once such a job has
   * waited `growAfterMs` (pump() is called again then), one per waiting job at most.
   */
  function grow(): void {
    if (growTimer) clearTimeout(growTimer);
    growTimer = null;
    if (closed || slots.length >= options.size) return;
    const waiting = queue.filter(couldRun);
    if (waiting.length === 0) return;
    if (slots.length === 0) {
      spawn();
      return;
    }
    const waited = performance.now() - waiting[0]!.queuedAt; // the queue is in arrival order
    if (waited < growAfterMs) {
      growTimer = setTimeout(pump, growAfterMs - waited);
      growTimer.unref();
      return;
    }
    const starting = slots.filter((s) => !s.ready).length;
    for (let n = starting; n < waiting.length && slots.length < options.size; n++) spawn();
  }

  /** Every `shrinkAfterMs`: stop an idle worker beyond the first if one fewer would have been at most half busy. */
  function shrinkIfIdle(): void {
    const now = performance.now();
    const elapsed = now - windowStart;
    if (elapsed < shrinkAfterMs) return;
    for (const slot of slots)
      if (slot.timer) {
        busyMs += now - slot.busySince;
        slot.busySince = now;
      }
    const idle = slots.findLast((s) => s.ready && s.task === null && !s.checking);
    if (slots.length > 1 && queue.length === 0 && idle && busyMs <= 0.5 * (slots.length - 1) * elapsed) discard(idle);
    busyMs = 0;
    windowStart = now;
  }

  function forgetIfDone(account: string): void {
    if (runningOf(account) === 0 && !queue.some((t) => t.account === account)) lastStart.delete(account);
  }

  /** Accounts whose gate refused a job, each until a retry timer (or a job of theirs ending here) clears it. */
  const blocked = new Map<string, NodeJS.Timeout>();

  function unblock(account: string): void {
    clearTimeout(blocked.get(account));
    if (blocked.delete(account)) pump();
  }

  /** Back into the queue in arrival order (IDs grow with arrival). */
  function requeue(task: Task): void {
    const at = queue.findIndex((t) => t.id > task.id);
    queue.splice(at === -1 ? queue.length : at, 0, task);
  }

  function start(slot: Slot, task: Task): void {
    slot.busySince = performance.now();
    slot.timer = setTimeout(
      () => replace(slot, failure('render_timeout', `The render exceeded the ${options.timeoutMs} ms time limit.`)),
      options.timeoutMs,
    );
    const message: JobMessage = { id: task.id, job: task.job };
    slot.worker.send(message);
  }

  /** Hold the worker for `task` while its gate is asked; start it, or requeue it and let others go. */
  async function admit(slot: Slot, task: Task, gate: RenderGate): Promise<void> {
    const release = await gate.enter(task.account).catch(() => undefined);
    if (release === undefined) {
      if (slot.task === task) finish(slot, failure('render_failed', 'The render could not be admitted.'));
      return;
    }
    if (closed || slot.task !== task) {
      // Closed, or the worker was replaced meanwhile (the task is queued again or answered).
      await release?.();
      return;
    }
    if (release) {
      task.release = release;
      start(slot, task);
      return;
    }
    slot.task = null;
    requeue(task);
    if (!blocked.has(task.account))
      blocked.set(
        task.account,
        setTimeout(() => unblock(task.account), gate.retryMs),
      );
    forgetIfDone(task.account);
    pump();
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => s.ready && s.task === null && !s.checking);
      if (!slot) break;
      const task = takeNext();
      if (!task) break;
      slot.task = task;
      if (task.gate) void admit(slot, task, task.gate);
      else start(slot, task);
    }
    grow();
  }

  return {
    run(job, account = '', gate) {
      if (closed) return Promise.resolve(failure('render_failed', 'The render pool is closed.'));
      return new Promise<RenderOutcome>((resolve) => {
        queue.push({ id: nextId++, queuedAt: performance.now(), job, account, gate, resolve });
        pump();
      });
    },
    async memory(gc) {
      const asked = slots
        .filter((slot) => slot.ready)
        .map(
          (slot) =>
            new Promise<WorkerMemory | null>((resolve) => {
              slot.memoryWaiters.push(resolve);
              slot.worker.send({ memory: true, gc } satisfies MemoryRequest);
            }),
        );
      return (await Promise.all(asked)).filter((m): m is WorkerMemory => m !== null);
    },
    async close() {
      closed = true;
      clearInterval(watchdog);
      if (growTimer) clearTimeout(growTimer);
      for (const timer of blocked.values()) clearTimeout(timer);
      blocked.clear();
      for (const task of queue.splice(0)) task.resolve(failure('render_failed', 'The server is shutting down.'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          if (slot.timer) clearTimeout(slot.timer);
          for (const answer of slot.memoryWaiters.splice(0)) answer(null);
          slot.worker.removeAllListeners();
          slot.task?.resolve(failure('render_failed', 'The server is shutting down.'));
          if (slot.worker.exitCode !== null || slot.worker.signalCode !== null) return undefined;
          const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
          slot.worker.kill('SIGKILL');
          return exited;
        }),
      );
    },
  };
}
